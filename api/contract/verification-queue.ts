import { z } from 'zod';
import { MedicalContactSchema } from './medical-contacts.js';
import type { VerificationOutcome } from './contact-verifications.js';

/**
 * The verification queue (docs/specification.md "Verification Queue"): the contacts due, in the order
 * that matters to the people asking, each with why it is due and who is working on it.
 */

/** Why a contact is in the queue. */
export const QUEUE_REASONS = ['reported', 'proposed_correction', 'never_verified', 'unticked', 'unreachable', 'overdue'] as const;
export type QueueReason = (typeof QUEUE_REASONS)[number];

export const QueueReasonSchema = z.object({
  kind: z.enum(QUEUE_REASONS),
  /** Since when: the oldest open report or pending proposal, the unreachable attempt, the day the verification fell overdue; null when it never was verified or was unticked. */
  since: z.string().nullable(),
});
export type QueueReasonEntry = z.infer<typeof QueueReasonSchema>;

/** A staff member's claim on a contact: nobody else records a verification of it until it runs out. */
export const VerificationClaimSchema = z.object({ username: z.string(), until: z.string() });
export type VerificationClaim = z.infer<typeof VerificationClaimSchema>;

/** How long opening a contact in the queue holds it. */
export const CLAIM_MINUTES = 10;

export const QueueItemSchema = z.object({
  contact: MedicalContactSchema,
  reasons: z.array(QueueReasonSchema),
  openReports: z.number(),
  /** How often the bot showed the contact in an answer over the last 30 days (today included, UTC days). */
  shownLast30Days: z.number(),
  lastVerifiedAt: z.string().nullable(),
  /** The live claim on it, the signed-in staff member's own included; null when nobody holds it. */
  claimedBy: VerificationClaimSchema.nullable(),
});
export type QueueItem = z.infer<typeof QueueItemSchema>;

export const QueueResponseSchema = z.object({ items: z.array(QueueItemSchema), total: z.number() });
export type QueueResponse = z.infer<typeof QueueResponseSchema>;

export const QUEUE_PAGE_MAX = 100;
const LIMIT_RULE = `Limit must be a whole number from 1 to ${QUEUE_PAGE_MAX}.`;
const OFFSET_RULE = 'Offset must be a whole number, 0 or more.';

export const QueueQuerySchema = z.object({
  limit: z.coerce.number({ error: LIMIT_RULE }).int(LIMIT_RULE).min(1, LIMIT_RULE).max(QUEUE_PAGE_MAX, LIMIT_RULE).default(20),
  offset: z.coerce.number({ error: OFFSET_RULE }).int(OFFSET_RULE).min(0, OFFSET_RULE).default(0),
});
export type QueueQuery = z.infer<typeof QueueQuerySchema>;

/** POST …/claim: the claim as it stands, the caller's or another's (`claimed` false: someone else holds it). */
export const ClaimResponseSchema = z.object({ claimed: z.boolean(), claimedBy: VerificationClaimSchema });
export type ClaimResponse = z.infer<typeof ClaimResponseSchema>;

/** The console's words for each reason; `since` is shown after them as a date. */
export const QUEUE_REASON_LABELS: Record<QueueReason, string> = {
  reported: 'Reported',
  proposed_correction: 'Correction proposed',
  never_verified: 'Never verified',
  unticked: 'Verified unticked',
  unreachable: 'Unreachable',
  overdue: 'Overdue',
};

/** The 409 of a verification, or a claim, of a contact another staff member holds. */
export const claimedSentence = (username: string) =>
  `${username} is verifying this contact now. Choose another one, or wait until they save it or their claim runs out (${CLAIM_MINUTES} minutes).`;

/**
 * What a verification does to the contact's open reports: fixed when something was done about them
 * (corrected; closed or unreachable a second time, which take the contact out of the bot's answers),
 * not a problem when the details were confirmed as they stand. Unreachable once settles nothing: the
 * reports stay open, and the contact in the queue.
 */
export function reportResolution(outcome: VerificationOutcome, deactivates: boolean): 'fixed' | 'not_a_problem' | undefined {
  if (outcome === 'confirmed') return 'not_a_problem';
  if (outcome === 'corrected' || outcome === 'closed' || deactivates) return 'fixed';
  return undefined;
}
