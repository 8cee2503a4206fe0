import { CONTACT_METHODS, type MedicalContact, type UpdateContact } from '@contract/medical-contacts.js';
import { readPhone } from '@contract/phone-numbers.js';
import { DEFAULT_VERIFICATION_METHOD, type StaffVerificationMethod } from '@contract/contact-verifications.js';
import type { NewContact } from './api/create-contact.js';

export type ContactMethod = (typeof CONTACT_METHODS)[number];

/** The add and edit forms' fields, as typed. */
export interface ContactFormValues {
  name: string;
  phone: string;
  specialty: string;
  city: string;
  region: string;
  /** An ISO 3166-1 code; '' when none is chosen. */
  country: string;
  latitude: string;
  longitude: string;
  contactMethod: ContactMethod;
  telegramUsername: string;
  startMessage: string;
  availableHours: string;
  responseTime: string;
  /** ISO 639-1 codes. */
  languages: string[];
  rating: string;
  verified: boolean;
  /** How it was verified, sent when Verified is ticked (the verification it records). */
  verificationMethod: StaffVerificationMethod;
  isActive: boolean;
  isMasterOfMedicine: boolean;
  passwordRequired: boolean;
  isWhatsappOnly: boolean;
  specialInstructions: string;
  comments: string;
}

export const EMPTY_CONTACT_FORM: ContactFormValues = {
  name: '',
  phone: '',
  specialty: '',
  city: '',
  region: '',
  country: '',
  latitude: '',
  longitude: '',
  contactMethod: 'phone',
  telegramUsername: '',
  startMessage: '',
  availableHours: '',
  responseTime: '',
  languages: [],
  rating: '',
  verified: false,
  verificationMethod: DEFAULT_VERIFICATION_METHOD,
  isActive: true,
  isMasterOfMedicine: false,
  passwordRequired: false,
  isWhatsappOnly: false,
  specialInstructions: '',
  comments: '',
};

export const CONTACT_METHOD_LABELS: Record<ContactMethod, string> = { phone: 'Phone', telegram: 'Telegram', whatsapp: 'WhatsApp' };

export function isContactMethod(value: string): value is ContactMethod {
  return (CONTACT_METHODS as readonly string[]).includes(value);
}

/**
 * The phone as the API will read it, as staff type: a number of the contact's country (stored in
 * E.164), or why it cannot be one. Undefined until both the phone and the country are given.
 */
export function readFormPhone(form: Pick<ContactFormValues, 'phone' | 'country'>): ReturnType<typeof readPhone> | undefined {
  return form.phone.trim() && form.country ? readPhone(form.phone, form.country) : undefined;
}

/** Spec §5: a decimal, or null when blank. */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

function optional(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

/**
 * The add call sends what the user typed (the old client overwrote method, hours, languages and
 * rating, and dropped comments). Fields left empty are left out, so the server's defaults apply.
 */
export function toCreateRequest(form: ContactFormValues): NewContact {
  const rating = optional(form.rating);
  return {
    name: form.name.trim(),
    phone: form.phone.trim(),
    city: form.city.trim(),
    region: form.region.trim(),
    country: form.country,
    specialty: optional(form.specialty),
    latitude: parseDecimal(form.latitude),
    longitude: parseDecimal(form.longitude),
    contactMethod: form.contactMethod,
    telegramUsername: optional(form.telegramUsername) ?? null,
    startMessage: optional(form.startMessage) ?? null,
    availableHours: optional(form.availableHours),
    responseTime: optional(form.responseTime),
    languages: form.languages.length > 0 ? form.languages : undefined,
    rating: rating === undefined ? undefined : Number(rating),
    verified: form.verified,
    verificationMethod: form.verified ? form.verificationMethod : undefined,
    isActive: form.isActive,
    isMasterOfMedicine: form.isMasterOfMedicine,
    passwordRequired: form.passwordRequired,
    isWhatsappOnly: form.isWhatsappOnly,
    specialInstructions: optional(form.specialInstructions) ?? null,
    comments: optional(form.comments) ?? null,
  };
}

/** The edit form starts from the contact as stored. */
export function toFormValues(contact: MedicalContact): ContactFormValues {
  return {
    name: contact.name,
    phone: contact.phone,
    specialty: contact.specialty,
    city: contact.city,
    region: contact.region,
    country: contact.country,
    latitude: contact.latitude === null ? '' : String(contact.latitude),
    longitude: contact.longitude === null ? '' : String(contact.longitude),
    contactMethod: contact.contactMethod,
    telegramUsername: contact.telegramUsername ?? '',
    startMessage: contact.startMessage ?? '',
    availableHours: contact.availableHours,
    responseTime: contact.responseTime,
    languages: contact.languages,
    rating: String(contact.rating),
    verified: contact.verified,
    verificationMethod: DEFAULT_VERIFICATION_METHOD,
    isActive: contact.isActive,
    isMasterOfMedicine: contact.isMasterOfMedicine,
    passwordRequired: contact.passwordRequired,
    isWhatsappOnly: contact.isWhatsappOnly,
    specialInstructions: contact.specialInstructions ?? '',
    comments: contact.comments ?? '',
  };
}

/** An edit sends only the fields that changed, so one person's save does not undo another's. */
export function toUpdateRequest(original: ContactFormValues, form: ContactFormValues): UpdateContact {
  const full: Required<Omit<UpdateContact, 'allowDuplicate' | 'confirmOutsideCountry' | 'expectedUpdatedAt' | 'verificationMethod'>> = {
    name: form.name.trim(),
    phone: form.phone.trim(),
    specialty: form.specialty.trim(),
    city: form.city.trim(),
    region: form.region.trim(),
    country: form.country,
    latitude: parseDecimal(form.latitude),
    longitude: parseDecimal(form.longitude),
    contactMethod: form.contactMethod,
    telegramUsername: optional(form.telegramUsername) ?? null,
    startMessage: optional(form.startMessage) ?? null,
    availableHours: form.availableHours.trim(),
    responseTime: form.responseTime.trim(),
    languages: form.languages,
    rating: form.rating.trim() === '' ? 0 : Number(form.rating),
    verified: form.verified,
    isActive: form.isActive,
    isMasterOfMedicine: form.isMasterOfMedicine,
    passwordRequired: form.passwordRequired,
    isWhatsappOnly: form.isWhatsappOnly,
    specialInstructions: optional(form.specialInstructions) ?? null,
    comments: optional(form.comments) ?? null,
  };
  const changes: UpdateContact = {};
  for (const key of Object.keys(full) as (keyof typeof full)[]) {
    // Languages are a list: the same codes in the same order are no change.
    if (JSON.stringify(form[key]) !== JSON.stringify(original[key])) Object.assign(changes, { [key]: full[key] });
  }
  // Coordinates go together (the contract's rule), so a change to one sends both.
  if ('latitude' in changes || 'longitude' in changes) Object.assign(changes, { latitude: full.latitude, longitude: full.longitude });
  if (changes.contactMethod === 'telegram') changes.telegramUsername = full.telegramUsername;
  // Ticking Verified records a verification: how it was verified goes with it.
  if (changes.verified === true) changes.verificationMethod = form.verificationMethod;
  return changes;
}
