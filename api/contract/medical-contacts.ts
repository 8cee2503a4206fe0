import { z } from 'zod';
import { ExpectedUpdatedAtField, fieldLabel, optionalText, PAGE_RULE, pageSizeRule, tooLong } from './fields.js';
import { readOpeningHours } from './opening-hours.js';
import { readPhone } from './phone-numbers.js';
import { CountryCodeSchema, resolveCountry, unknownCountryMessage } from './country-lookup.js';
import { resolveSpokenLanguage, SpokenLanguagesSchema, unknownLanguageMessage } from './spoken-languages.js';
import { LastVerificationSchema, StaffVerificationMethodSchema, VerificationOutcomeSchema } from './contact-verifications.js';

export const CONTACT_METHODS = ['phone', 'telegram', 'whatsapp'] as const;
export const ContactMethodSchema = z.enum(CONTACT_METHODS, { error: 'Choose a contact method: phone, telegram or whatsapp.' });

/** New contacts speak English and have no rating until someone rates them (spec §9). */
export const CONTACT_DEFAULTS = { languages: ['en'], rating: 0, contactMethod: 'phone' } as const;

export const MedicalContactSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  specialty: z.string(),
  city: z.string(),
  region: z.string(),
  /** An ISO 3166-1 alpha-2 code; empty when the country written before codes was not recognised. */
  country: z.string(),
  /** The country as written before codes, which the directory does not recognise: staff choose the country. */
  countryUnrecognised: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The coordinates are the centre of its city (from the gazetteer), not its address. */
  locationApproximate: z.boolean(),
  contactMethod: ContactMethodSchema,
  telegramUsername: z.string().nullable(),
  startMessage: z.string().nullable(),
  specialInstructions: z.string().nullable(),
  passwordRequired: z.boolean(),
  isWhatsappOnly: z.boolean(),
  availableHours: z.string(),
  responseTime: z.string(),
  /** ISO 639-1 codes. */
  languages: z.array(z.string()),
  /** Languages as written before codes, which the directory does not recognise: staff choose them again. */
  languagesUnrecognised: z.array(z.string()),
  rating: z.number(),
  /**
   * Its last verification confirmed (or corrected) its details within the cycle of System Settings
   * (reverifyAfterDays), and nobody unticked Verified since.
   */
  verified: z.boolean(),
  /** When its details were last confirmed (a confirmed or corrected verification); null when never. */
  verifiedAt: z.string().nullable(),
  /** Who confirmed them then (a staff member's username). */
  verifiedBy: z.string().nullable(),
  /** Active and not verified (never, overdue, unticked, or unreachable last time), or reported by a bot user (an open report). */
  dueForReverification: z.boolean(),
  /** The last verification of any outcome (its history: GET /api/medical-contacts/{id}/verifications). */
  lastVerification: LastVerificationSchema.nullable(),
  /** Reports from bot users that staff have not resolved yet. */
  openReports: z.number(),
  isActive: z.boolean(),
  isMasterOfMedicine: z.boolean(),
  comments: z.string().nullable(),
  /** False when it has no coordinates: the bot cannot find it by location. */
  findable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MedicalContact = z.infer<typeof MedicalContactSchema>;

const requiredText = (label: string, max = 200) =>
  z.string({ error: `${label} is required. Enter it.` }).trim().min(1, `${label} is required. Enter it.`).max(max, tooLong(label, max));
const LATITUDE_RULE = 'Latitude must be a number from -90 to 90, such as 52.52, or left empty.';
const LONGITUDE_RULE = 'Longitude must be a number from -180 to 180, such as 13.405, or left empty.';
const latitude = z.number({ error: LATITUDE_RULE }).min(-90, LATITUDE_RULE).max(90, LATITUDE_RULE).nullable();
const longitude = z.number({ error: LONGITUDE_RULE }).min(-180, LONGITUDE_RULE).max(180, LONGITUDE_RULE).nullable();
const RATING_RULE = 'Rating must be a number from 0 to 5.';

/** Every writable field, with no defaults: an edit sends only what it changes. */
const contactShape = {
  name: requiredText('Name'),
  // Read as a number of the contact's country, and stored in E.164, where the country is known (checkConsistency).
  phone: requiredText('Phone', 50),
  specialty: z.string().trim().max(100, tooLong('Specialty', 100)),
  city: requiredText('City', 100),
  region: requiredText('Region', 100),
  country: CountryCodeSchema,
  latitude,
  longitude,
  contactMethod: ContactMethodSchema,
  telegramUsername: optionalText('Telegram username', 64),
  startMessage: optionalText('Start message', 500),
  specialInstructions: optionalText('Special instructions', 1000),
  passwordRequired: z.boolean(),
  isWhatsappOnly: z.boolean(),
  availableHours: z
    .string()
    .trim()
    .max(200, tooLong('Available hours', 200))
    // Stored canonically: "Mon–Fri 9–17" is kept as "Mo-Fr 09:00-17:00", which every reader parses alike.
    // A refusal carries the likelier schedule, which the 400 passes on as `suggestions` (api/plugins/error-handler.ts).
    .transform((text, context) => {
      const reading = readOpeningHours(text);
      if (reading.kind === 'accepted') return reading.text;
      context.addIssue({ code: 'custom', message: reading.message, params: reading.suggestion ? { suggestion: reading.suggestion } : undefined });
      return z.NEVER;
    }),
  responseTime: z.string().trim().max(100, tooLong('Response time', 100)),
  languages: SpokenLanguagesSchema,
  rating: z.number({ error: RATING_RULE }).min(0, RATING_RULE).max(5, RATING_RULE),
  verified: z.boolean(),
  isActive: z.boolean(),
  isMasterOfMedicine: z.boolean(),
  comments: optionalText('Comments', 2000),
};
const ContactFieldsSchema = z.object(contactShape);
/** Each writable field's schema, for requests that write one field apart (a proposed correction accepted: api/contract/self-confirmation.ts). */
export const CONTACT_FIELD_SCHEMAS = contactShape;

type ContactFields = z.infer<typeof ContactFieldsSchema>;

/** The sentences of the rules that span fields, for the schema here and the route's check of a merged edit. */
export const CONTACT_RULES = {
  telegramNeedsUsername: 'Telegram username is required when the contact method is Telegram. Enter it, or choose another method.',
  coordinatesInPairs: 'Latitude and longitude go together: enter both, or leave both empty.',
  outsideCountry: (point: { latitude: number; longitude: number }, country: string) =>
    `The coordinates ${point.latitude}, ${point.longitude} lie outside ${country}. Check them: latitude first, then longitude.`,
} as const;

/**
 * Coordinates outside the contact's country are refused unless the request confirms them: they are
 * more often a slip (latitude and longitude swapped, another contact's pasted) than a clinic abroad.
 */
const confirmOutsideCountry = z.boolean({ error: 'Confirm outside country must be true or false.' });

/** The Telegram method needs a username; coordinates come in pairs; the phone must be a number of the country. */
function checkConsistency(contact: Partial<ContactFields>, context: z.RefinementCtx): void {
  if (contact.contactMethod === 'telegram' && !contact.telegramUsername) {
    context.addIssue({ code: 'custom', path: ['telegramUsername'], message: CONTACT_RULES.telegramNeedsUsername });
  }
  if (contact.latitude !== undefined && contact.longitude !== undefined && (contact.latitude === null) !== (contact.longitude === null)) {
    context.addIssue({ code: 'custom', path: [contact.latitude === null ? 'latitude' : 'longitude'], message: CONTACT_RULES.coordinatesInPairs });
  }
  // An edit that sends the phone alone is read against the stored country, by the route.
  if (contact.phone !== undefined && contact.country !== undefined) {
    const reading = readPhone(contact.phone, contact.country);
    if ('error' in reading) context.addIssue({ code: 'custom', path: ['phone'], message: reading.error });
  }
}

/** The contact with its phone in E.164, once checkConsistency has found it readable. */
function withE164Phone<T extends { phone: string; country: string }>(contact: T): T {
  // The reading checkConsistency made, kept by readPhone.
  const reading = readPhone(contact.phone, contact.country);
  return 'phone' in reading ? { ...contact, phone: reading.phone } : contact;
}

/** How a tick of Verified was verified: the verification it records (phone_call when left out). */
const verificationMethod = StaffVerificationMethodSchema.optional();

/** POST /api/medical-contacts. `allowDuplicate` saves despite the duplicate warning (409). */
export const CreateContactSchema = z
  .object({
    ...contactShape,
    // What the user leaves empty gets these; what they typed is kept (the old client overwrote it).
    specialty: contactShape.specialty.default(''),
    latitude: latitude.default(null),
    longitude: longitude.default(null),
    contactMethod: ContactMethodSchema.default(CONTACT_DEFAULTS.contactMethod),
    passwordRequired: contactShape.passwordRequired.default(false),
    isWhatsappOnly: contactShape.isWhatsappOnly.default(false),
    availableHours: contactShape.availableHours.default(''),
    responseTime: contactShape.responseTime.default(''),
    languages: contactShape.languages.default([...CONTACT_DEFAULTS.languages]),
    rating: contactShape.rating.default(CONTACT_DEFAULTS.rating),
    verified: contactShape.verified.default(false),
    isActive: contactShape.isActive.default(true),
    isMasterOfMedicine: contactShape.isMasterOfMedicine.default(false),
    allowDuplicate: z.boolean().default(false),
    confirmOutsideCountry: confirmOutsideCountry.default(false),
    verificationMethod,
  })
  .superRefine(checkConsistency)
  .transform(withE164Phone);
export type CreateContact = z.infer<typeof CreateContactSchema>;

/** PATCH /api/medical-contacts/{id}: any subset of the fields; name and phone may not be emptied. */
export const UpdateContactSchema = ContactFieldsSchema.partial()
  .extend({
    allowDuplicate: z.boolean().optional(),
    confirmOutsideCountry: confirmOutsideCountry.optional(),
    expectedUpdatedAt: ExpectedUpdatedAtField,
    verificationMethod,
  })
  .superRefine(checkConsistency);
export type UpdateContact = z.infer<typeof UpdateContactSchema>;

/** The fields a verification may correct: Verified and Active are what the verification itself decides. */
export const ContactCorrectionsSchema = ContactFieldsSchema.omit({ verified: true, isActive: true }).partial().superRefine(checkConsistency);
export type ContactCorrections = z.infer<typeof ContactCorrectionsSchema>;

export const VERIFICATION_RULES = {
  correctedNeedsChanges: 'A corrected outcome needs the corrections: enter what changed, or choose confirmed.',
  changesNeedCorrected: 'Corrections go with the outcome corrected: choose it, or leave the fields as they are.',
} as const;

/** POST /api/medical-contacts/{id}/verifications: corrections are checked as an edit's fields are. */
export const RecordVerificationSchema = z
  .object({
    outcome: VerificationOutcomeSchema,
    method: StaffVerificationMethodSchema,
    changes: ContactCorrectionsSchema.optional(),
    note: optionalText('Note', 2000),
    allowDuplicate: z.boolean().optional(),
    confirmOutsideCountry: confirmOutsideCountry.optional(),
  })
  .superRefine((request, context) => {
    const corrected = request.changes !== undefined && Object.keys(request.changes).length > 0;
    if (request.outcome === 'corrected' && !corrected) context.addIssue({ code: 'custom', path: ['changes'], message: VERIFICATION_RULES.correctedNeedsChanges });
    if (request.outcome !== 'corrected' && corrected) context.addIssue({ code: 'custom', path: ['changes'], message: VERIFICATION_RULES.changesNeedCorrected });
  });
export type RecordVerification = z.infer<typeof RecordVerificationSchema>;

export const CONTACT_SORT_FIELDS = ['name', 'specialty', 'city', 'region', 'country', 'rating', 'verifiedAt', 'updatedAt', 'createdAt'] as const;

/** The longest search the contact list takes: the console's search box stops there. */
export const CONTACT_SEARCH_MAX_LENGTH = 200;

/** The longest specialty, country, region or city the list filters by. */
export const CONTACT_FILTER_VALUE_MAX_LENGTH = 100;

/** An exact value of a filter, worded by the field's name when it is too long. */
const placeFilter = (field: string) =>
  z.string().trim().max(CONTACT_FILTER_VALUE_MAX_LENGTH, tooLong(fieldLabel(field), CONTACT_FILTER_VALUE_MAX_LENGTH)).optional();

/** A country or language filter: its code, or a name in any language (a link may carry one), which becomes the code. */
const codeFilter = (field: string, resolve: (text: string) => string | undefined, unknown: (text: string) => string) =>
  z
    .string()
    .trim()
    .max(CONTACT_FILTER_VALUE_MAX_LENGTH, tooLong(fieldLabel(field), CONTACT_FILTER_VALUE_MAX_LENGTH))
    .transform((text, context) => {
      if (!text) return undefined;
      const code = resolve(text);
      if (code) return code;
      context.addIssue({ code: 'custom', message: unknown(text) });
      return z.NEVER;
    })
    .optional();

/** What the list says is unrecognised: a country, or a language, written before they were codes. */
export const UNRECOGNISED_FIELDS = ['country', 'languages'] as const;

/** The list's filters: also the "every contact matching this filter" target of the bulk calls. */
export const ContactFilterSchema = z.object({
  search: z.string().trim().max(CONTACT_SEARCH_MAX_LENGTH, tooLong('Search', CONTACT_SEARCH_MAX_LENGTH)).optional(),
  specialty: placeFilter('specialty'),
  country: codeFilter('country', resolveCountry, unknownCountryMessage),
  region: placeFilter('region'),
  city: placeFilter('city'),
  contactMethod: ContactMethodSchema.optional(),
  status: z.enum(['active', 'inactive']).optional(),
  verified: z.enum(['verified', 'unverified', 'due']).optional(),
  masterOfMedicine: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  /** "approximate": placed at the centre of its city, not at its address. */
  findable: z.enum(['yes', 'no', 'approximate']).optional(),
  /** "unreadable": a phone kept as typed, which is not a valid number of the contact's country (migration 049). */
  phoneStatus: z.enum(['unreadable']).optional(),
  /** "yes": contacts with an open report from a bot user. */
  reported: z.enum(['yes', 'no']).optional(),
  /** Open at the request's moment in the contact's own zone, or hours that are not a schedule (opening-hours.ts). */
  hours: z.enum(['open-now', 'unverified']).optional(),
  /** Contacts who speak this language: its ISO 639-1 code, or a name, which becomes the code. */
  language: codeFilter('language', resolveSpokenLanguage, unknownLanguageMessage),
  /** Contacts with a country, or languages, that the directory does not recognise: the staff's list to fix. */
  unrecognised: z.enum(UNRECOGNISED_FIELDS).optional(),
});
export type ContactFilter = z.infer<typeof ContactFilterSchema>;

export const ContactListQuerySchema = ContactFilterSchema.extend({
  page: z.coerce.number({ error: PAGE_RULE }).int(PAGE_RULE).min(1, PAGE_RULE).default(1),
  pageSize: z.coerce.number({ error: pageSizeRule(200) }).int(pageSizeRule(200)).min(1, pageSizeRule(200)).max(200, pageSizeRule(200)).default(25),
  sort: z.enum(CONTACT_SORT_FIELDS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ContactListQuery = z.infer<typeof ContactListQuerySchema>;

/** How many contacts hold values the directory does not recognise, and the values, most contacts first. */
const UnrecognisedValuesSchema = z.object({
  contacts: z.number(),
  /** At most UNRECOGNISED_VALUES_SHOWN of them. */
  values: z.array(z.object({ value: z.string(), contacts: z.number() })),
  /** How many other values there are. */
  otherValues: z.number(),
});
export type UnrecognisedValues = z.infer<typeof UnrecognisedValuesSchema>;

/** The most unrecognised values the list names; the count covers every contact. */
export const UNRECOGNISED_VALUES_SHOWN = 10;

export const ContactListResponseSchema = z.object({
  items: z.array(MedicalContactSchema),
  /** Contacts matching the filter. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** The stats cards and the count line of spec §2.7, over the whole directory. */
  stats: z.object({
    total: z.number(),
    masterOfMedicine: z.number(),
    verified: z.number(),
    active: z.number(),
    dueForReverification: z.number(),
    notFindable: z.number(),
    /** Findable only at their city's centre. */
    locationApproximate: z.number(),
    /** Phones kept as typed that are not a valid number of their country: the correction work. */
    phonesNotReadable: z.number(),
    /** Contacts whose hours are not a schedule the bot can read: the verification work. */
    hoursNotVerified: z.number(),
    countries: z.number(),
    regions: z.number(),
    specialties: z.number(),
  }),
  /** What the directory does not recognise, written before countries and languages were codes: staff fix it. */
  unrecognised: z.object({ country: UnrecognisedValuesSchema, languages: UnrecognisedValuesSchema }),
});
export type ContactListResponse = z.infer<typeof ContactListResponseSchema>;

/**
 * The values the specialty and location filters offer, read apart from the list: thousands of
 * country and region pairs would otherwise travel with every page.
 */
export const ContactFilterOptionsSchema = z.object({
  specialties: z.array(z.string()),
  /**
   * The contacts' specialties outside the taxonomy (from before it, or written by hand), with how many
   * contacts have each, most first: listed for staff to settle, never guessed at.
   */
  unlistedSpecialties: z.array(z.object({ specialty: z.string(), contacts: z.number() })),
  /** ISO 3166-1 codes. */
  countries: z.array(z.string()),
  /** ISO 639-1 codes of the languages contacts speak. */
  languages: z.array(z.string()),
  regions: z.array(z.object({ country: z.string(), region: z.string() })),
});
export type ContactFilterOptions = z.infer<typeof ContactFilterOptionsSchema>;

/** A 409 answer to a create or edit that looks like an existing contact. */
export const DuplicateContactResponseSchema = z.object({
  error: z.literal('Conflict'),
  message: z.string(),
  duplicates: z.array(MedicalContactSchema),
});

/** Bulk calls target a list of ids, or every contact matching a filter. */
const BulkTargetSchema = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1, 'Select at least one contact.').max(10_000, 'Select at most 10,000 contacts at a time, or use the filter instead.') }),
  z.object({ filter: ContactFilterSchema }),
]);

/** The fields bulk edit may set (spec §5: only those filled in are sent). */
export const BulkContactChangesSchema = ContactFieldsSchema.pick({
  specialty: true,
  city: true,
  region: true,
  country: true,
  contactMethod: true,
  availableHours: true,
  responseTime: true,
  languages: true,
  rating: true,
  verified: true,
  isActive: true,
  isMasterOfMedicine: true,
})
  .partial()
  .refine((changes) => Object.keys(changes).length > 0, { message: 'Please select at least one field to update' });

export const BulkUpdateRequestSchema = z.intersection(BulkTargetSchema, z.object({ updates: BulkContactChangesSchema, verificationMethod }));
export const BulkDeleteRequestSchema = BulkTargetSchema;
export const BulkResultSchema = z.object({ recordsAffected: z.number() });
export type BulkResult = z.infer<typeof BulkResultSchema>;

/** One change in a contact's history (from the audit log). */
export const ContactHistoryEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  actor: z.string().nullable(),
  at: z.string(),
  /** Field → [before, after], for the fields that changed. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
});
export type ContactHistoryEntry = z.infer<typeof ContactHistoryEntrySchema>;
