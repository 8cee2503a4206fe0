import { z } from 'zod';

export const CONTACT_METHODS = ['phone', 'telegram', 'whatsapp'] as const;
export const ContactMethodSchema = z.enum(CONTACT_METHODS, { error: 'contactMethod must be one of phone, telegram, whatsapp' });

/** A contact verified longer ago than this is due for re-verification. */
export const REVERIFY_AFTER_DAYS = 90;

/** New contacts speak English and have no rating until someone rates them (spec §9). */
export const CONTACT_DEFAULTS = { languages: ['English'], rating: 0, contactMethod: 'phone' } as const;

export const MedicalContactSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  specialty: z.string(),
  city: z.string(),
  region: z.string(),
  country: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  contactMethod: ContactMethodSchema,
  telegramUsername: z.string().nullable(),
  startMessage: z.string().nullable(),
  specialInstructions: z.string().nullable(),
  passwordRequired: z.boolean(),
  isWhatsappOnly: z.boolean(),
  availableHours: z.string(),
  responseTime: z.string(),
  languages: z.array(z.string()),
  rating: z.number(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  verifiedBy: z.string().nullable(),
  /** Verified more than REVERIFY_AFTER_DAYS ago. */
  dueForReverification: z.boolean(),
  isActive: z.boolean(),
  isMasterOfMedicine: z.boolean(),
  comments: z.string().nullable(),
  /** False when it has no coordinates: the bot cannot find it by location. */
  findable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MedicalContact = z.infer<typeof MedicalContactSchema>;

const requiredText = (field: string, max = 200) =>
  z.string({ error: `${field} is required` }).trim().min(1, `${field} is required`).max(max, `${field} must be at most ${max} characters`);
const optionalText = (field: string, max = 500) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));
const latitude = z.number({ error: 'latitude must be a number' }).min(-90, 'latitude must be between -90 and 90').max(90, 'latitude must be between -90 and 90').nullable();
const longitude = z
  .number({ error: 'longitude must be a number' })
  .min(-180, 'longitude must be between -180 and 180')
  .max(180, 'longitude must be between -180 and 180')
  .nullable();

/** Every writable field, with no defaults: an edit sends only what it changes. */
const contactShape = {
  name: requiredText('name'),
  phone: requiredText('phone', 50),
  specialty: z.string().trim().max(100, 'specialty must be at most 100 characters'),
  city: requiredText('city', 100),
  region: requiredText('region', 100),
  country: requiredText('country', 100),
  latitude,
  longitude,
  contactMethod: ContactMethodSchema,
  telegramUsername: optionalText('telegramUsername', 64),
  startMessage: optionalText('startMessage'),
  specialInstructions: optionalText('specialInstructions', 1000),
  passwordRequired: z.boolean(),
  isWhatsappOnly: z.boolean(),
  availableHours: z.string().trim().max(200, 'availableHours must be at most 200 characters'),
  responseTime: z.string().trim().max(100, 'responseTime must be at most 100 characters'),
  languages: z.array(z.string().trim().min(1).max(50)).max(20, 'languages may list at most 20 languages'),
  rating: z.number({ error: 'rating must be a number' }).min(0, 'rating must be between 0 and 5').max(5, 'rating must be between 0 and 5'),
  verified: z.boolean(),
  isActive: z.boolean(),
  isMasterOfMedicine: z.boolean(),
  comments: optionalText('comments', 2000),
};
const ContactFieldsSchema = z.object(contactShape);

type ContactFields = z.infer<typeof ContactFieldsSchema>;

/** The Telegram method needs a username; coordinates come in pairs. */
function checkConsistency(contact: Partial<ContactFields>, context: z.RefinementCtx): void {
  if (contact.contactMethod === 'telegram' && !contact.telegramUsername) {
    context.addIssue({ code: 'custom', path: ['telegramUsername'], message: 'telegramUsername is required when the contact method is telegram' });
  }
  if (contact.latitude !== undefined && contact.longitude !== undefined && (contact.latitude === null) !== (contact.longitude === null)) {
    context.addIssue({ code: 'custom', path: [contact.latitude === null ? 'latitude' : 'longitude'], message: 'latitude and longitude go together: give both or neither' });
  }
}

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
  })
  .superRefine(checkConsistency);
export type CreateContact = z.infer<typeof CreateContactSchema>;

/** PATCH /api/medical-contacts/{id}: any subset of the fields; name and phone may not be emptied. */
export const UpdateContactSchema = ContactFieldsSchema.partial()
  .extend({ allowDuplicate: z.boolean().optional() })
  .superRefine(checkConsistency);
export type UpdateContact = z.infer<typeof UpdateContactSchema>;

export const CONTACT_SORT_FIELDS = ['name', 'specialty', 'city', 'region', 'country', 'rating', 'verifiedAt', 'updatedAt', 'createdAt'] as const;

/** The list's filters: also the "every contact matching this filter" target of the bulk calls. */
export const ContactFilterSchema = z.object({
  search: z.string().trim().max(200).optional(),
  specialty: z.string().trim().max(100).optional(),
  country: z.string().trim().max(100).optional(),
  region: z.string().trim().max(100).optional(),
  city: z.string().trim().max(100).optional(),
  contactMethod: ContactMethodSchema.optional(),
  status: z.enum(['active', 'inactive']).optional(),
  verified: z.enum(['verified', 'unverified', 'due']).optional(),
  masterOfMedicine: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
  findable: z.enum(['yes', 'no']).optional(),
});
export type ContactFilter = z.infer<typeof ContactFilterSchema>;

export const ContactListQuerySchema = ContactFilterSchema.extend({
  page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
  pageSize: z.coerce.number().int().min(1).max(200, 'pageSize must be at most 200').default(25),
  sort: z.enum(CONTACT_SORT_FIELDS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ContactListQuery = z.infer<typeof ContactListQuerySchema>;

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
    countries: z.number(),
    regions: z.number(),
    specialties: z.number(),
  }),
});
export type ContactListResponse = z.infer<typeof ContactListResponseSchema>;

/**
 * The values the specialty and location filters offer, read apart from the list: thousands of
 * country and region pairs would otherwise travel with every page.
 */
export const ContactFilterOptionsSchema = z.object({
  specialties: z.array(z.string()),
  countries: z.array(z.string()),
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
  z.object({ ids: z.array(z.number().int().positive()).min(1, 'ids must name at least one contact').max(10_000) }),
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

export const BulkUpdateRequestSchema = z.intersection(BulkTargetSchema, z.object({ updates: BulkContactChangesSchema }));
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
