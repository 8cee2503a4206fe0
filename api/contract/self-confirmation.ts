import { z } from 'zod';

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
