import { z } from 'zod';
import { CONTACT_FIELD_SCHEMAS } from './medical-contacts.js';

/**
 * Contacts confirming their own listing through the bot (docs/bot.md "Contacts confirm their own
 * listing"): the one-time link staff hand them, the Telegram accounts it linked, and what those
 * accounts said changed, for staff to accept or reject field by field.
 */

/** What a linked account may say changed (migration 055's proposed_corrections.fields). */
export const PROPOSAL_FIELDS = ['phone', 'address', 'hours', 'specialty', 'languages', 'closed'] as const;
export type ProposalField = (typeof PROPOSAL_FIELDS)[number];

export const PROPOSAL_FIELD_LABELS: Record<ProposalField, string> = {
  phone: 'Phone',
  address: 'Address',
  hours: 'Hours',
  specialty: 'Specialty',
  languages: 'Languages',
  closed: 'Closed',
};

/** A link lasts this long unless used, ended, or replaced by a new one. */
export const CONFIRMATION_LINK_DAYS = 30;
/** The deep link's start parameter: this prefix, then the token (base64url). */
export const CONFIRMATION_START_PREFIX = 'v_';

/** POST /api/medical-contacts/{id}/confirmation-link: the link to hand the contact; only its hash is kept, so it is shown once. */
export const ConfirmationLinkSchema = z.object({
  url: z.string(),
  expiresAt: z.string(),
  /** The link as a QR code (a PNG data URL), to print or show the clinic's phone. */
  qrCodeDataUrl: z.string(),
});
export type ConfirmationLink = z.infer<typeof ConfirmationLinkSchema>;

/** GET /api/medical-contacts/{id}/confirmation-link: whether a link is waiting to be opened (its address cannot be shown again). */
export const LiveConfirmationLinkSchema = z.object({
  live: z.object({ createdAt: z.string(), expiresAt: z.string(), createdBy: z.string().nullable() }).nullable(),
});
export type LiveConfirmationLink = z.infer<typeof LiveConfirmationLinkSchema>;

/** A Telegram account linked to a contact by opening its link. */
export const LinkedAccountSchema = z.object({
  telegramId: z.number(),
  /** The account's name as the bot last saw it; null when the bot has no record of it. */
  name: z.string().nullable(),
  username: z.string().nullable(),
  linkedAt: z.string(),
  lastRemindedAt: z.string().nullable(),
  /** Set by /stop_reminders: the bot no longer asks this account. */
  remindersStoppedAt: z.string().nullable(),
});
export type LinkedAccount = z.infer<typeof LinkedAccountSchema>;

const TELEGRAM_ID_RULE = 'The Telegram ID in the address must be a whole number. Open the contact again.';
export const LinkedAccountParamsSchema = z.object({
  id: z.coerce.number({ error: 'The id in the address must be a whole number above 0.' }).int().positive(),
  telegramId: z.coerce.number({ error: TELEGRAM_ID_RULE }).int(TELEGRAM_ID_RULE),
});

/** One field of a proposal, in the contact's own words. */
export const ProposedFieldSchema = z.object({ field: z.enum(PROPOSAL_FIELDS), text: z.string() });
export type ProposedField = z.infer<typeof ProposedFieldSchema>;

export const ProposedCorrectionSchema = z.object({
  id: z.number(),
  contactId: z.number(),
  contactName: z.string(),
  telegramId: z.number(),
  /** The account's name as the bot last saw it. */
  proposedBy: z.string().nullable(),
  proposedAt: z.string(),
  fields: z.array(ProposedFieldSchema),
  status: z.enum(['pending', 'accepted', 'partly_accepted', 'rejected']),
});
export type ProposedCorrection = z.infer<typeof ProposedCorrectionSchema>;

const LIMIT_RULE = 'Limit must be a whole number from 1 to 100.';
const OFFSET_RULE = 'Offset must be a whole number, 0 or more.';
export const ProposedCorrectionsQuerySchema = z.object({
  contactId: z.coerce.number({ error: 'Contact ID must be a whole number above 0.' }).int().positive().optional(),
  limit: z.coerce.number({ error: LIMIT_RULE }).int(LIMIT_RULE).min(1, LIMIT_RULE).max(100, LIMIT_RULE).default(20),
  offset: z.coerce.number({ error: OFFSET_RULE }).int(OFFSET_RULE).min(0, OFFSET_RULE).default(0),
});
export type ProposedCorrectionsQuery = z.infer<typeof ProposedCorrectionsQuerySchema>;

export const ProposedCorrectionListSchema = z.object({ items: z.array(ProposedCorrectionSchema), total: z.number() });
export type ProposedCorrectionList = z.infer<typeof ProposedCorrectionListSchema>;

const { phone, city, region, country, latitude, longitude, availableHours, specialty, languages } = CONTACT_FIELD_SCHEMAS;
const ADDRESS_RULE = 'Address needs at least one of city, region, country, latitude and longitude.';

/**
 * One field accepted, with its value as staff left it (they may edit the contact's words first), checked
 * as the contact form checks it. The address is the contact's place; closed deactivates the contact.
 */
export const AcceptedFieldSchema = z.discriminatedUnion(
  'field',
  [
    z.object({ field: z.literal('phone'), value: phone }),
    z.object({
      field: z.literal('address'),
      value: z
        .object({ city: city.optional(), region: region.optional(), country: country.optional(), latitude: latitude.optional(), longitude: longitude.optional() })
        .refine((place) => Object.values(place).some((value) => value !== undefined), ADDRESS_RULE),
    }),
    z.object({ field: z.literal('hours'), value: availableHours }),
    z.object({ field: z.literal('specialty'), value: specialty }),
    z.object({ field: z.literal('languages'), value: languages }),
    z.object({ field: z.literal('closed') }),
  ],
  { error: `Field must be one of ${PROPOSAL_FIELDS.join(', ')}.` },
);
export type AcceptedField = z.infer<typeof AcceptedFieldSchema>;

export const PROPOSAL_RULES = {
  noFields: 'Choose at least one field to accept, or reject the proposal.',
  twice: (field: string) => `${field} is accepted twice. Send each field once.`,
  notProposed: (field: string) => `The contact did not propose a change of ${field}. Accept only the fields they proposed.`,
  resolved: 'This proposal was already accepted or rejected. Reload the list.',
} as const;

/** POST /api/proposed-corrections/{id}/accept: the fields accepted; the others are rejected with it. */
export const AcceptCorrectionSchema = z
  .object({ fields: z.array(AcceptedFieldSchema).min(1, PROPOSAL_RULES.noFields) })
  .superRefine((body, context) => {
    const seen = new Set<string>();
    body.fields.forEach((accepted, index) => {
      if (seen.has(accepted.field)) context.addIssue({ code: 'custom', path: ['fields', index, 'field'], message: PROPOSAL_RULES.twice(PROPOSAL_FIELD_LABELS[accepted.field]) });
      seen.add(accepted.field);
    });
  });
export type AcceptCorrection = z.infer<typeof AcceptCorrectionSchema>;
