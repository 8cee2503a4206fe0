import { z } from 'zod';

/** How a contact was verified; self_confirmed is the contact through the bot, import a CSV row (or the history before it was kept). */
export const VERIFICATION_METHODS = ['phone_call', 'in_person', 'website', 'self_confirmed', 'import', 'report_review'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/** The methods a staff member records by hand: the others are recorded by the bot and the import. */
export const STAFF_VERIFICATION_METHODS = ['phone_call', 'in_person', 'website', 'report_review'] as const satisfies readonly VerificationMethod[];
export type StaffVerificationMethod = (typeof STAFF_VERIFICATION_METHODS)[number];

/** Ticking Verified records a verification by this method unless another is chosen. */
export const DEFAULT_VERIFICATION_METHOD: StaffVerificationMethod = 'phone_call';

export const VERIFICATION_OUTCOMES = ['confirmed', 'corrected', 'unreachable', 'closed'] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

/** The outcomes after which the contact's details stand as verified. */
export const STANDING_OUTCOMES: readonly VerificationOutcome[] = ['confirmed', 'corrected'];

export const VERIFICATION_METHOD_LABELS: Record<VerificationMethod, string> = {
  phone_call: 'Phone call',
  in_person: 'In person',
  website: 'Website',
  self_confirmed: 'Confirmed by the contact',
  import: 'Import',
  report_review: 'Report review',
};

export const VERIFICATION_OUTCOME_LABELS: Record<VerificationOutcome, string> = {
  confirmed: 'Confirmed',
  corrected: 'Corrected',
  unreachable: 'Unreachable',
  closed: 'Closed',
};

export const StaffVerificationMethodSchema = z.enum(STAFF_VERIFICATION_METHODS, {
  error: `Choose how it was verified: ${STAFF_VERIFICATION_METHODS.join(', ')}.`,
});
export const VerificationOutcomeSchema = z.enum(VERIFICATION_OUTCOMES, { error: `Choose an outcome: ${VERIFICATION_OUTCOMES.join(', ')}.` });

/**
 * Whether recording this outcome deactivates the contact, given its last one: closed does, and so does
 * unreachable a second time in a row. The sentence the form shows before saving, or undefined.
 */
export function deactivationWarning(outcome: VerificationOutcome, lastOutcome: VerificationOutcome | null): string | undefined {
  if (outcome === 'closed') return 'Saving this deactivates the contact: the bot stops offering it.';
  if (outcome === 'unreachable' && lastOutcome === 'unreachable') {
    return 'Unreachable a second time in a row: saving this deactivates the contact, and the bot stops offering it.';
  }
  return undefined;
}

/** One field a verification corrected, as the API names it. */
export const FieldChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type FieldChange = z.infer<typeof FieldChangeSchema>;

/** One row of a contact's verification history. */
export const VerificationSchema = z.object({
  id: z.number(),
  contactId: z.number(),
  verifiedAt: z.string(),
  /** The staff member's username; null when the contact confirmed through the bot, or the account is gone. */
  verifiedBy: z.string().nullable(),
  /** The Telegram account of the contact who confirmed through the bot. */
  verifiedByTelegramId: z.number().nullable(),
  method: z.enum(VERIFICATION_METHODS),
  outcome: z.enum(VERIFICATION_OUTCOMES),
  changes: z.array(FieldChangeSchema),
  note: z.string().nullable(),
});
export type Verification = z.infer<typeof VerificationSchema>;

/** A contact's last verification, as its list row and edit dialog show it. */
export const LastVerificationSchema = z.object({
  at: z.string(),
  method: z.enum(VERIFICATION_METHODS),
  outcome: z.enum(VERIFICATION_OUTCOMES),
  /** As `Verification.verifiedBy`. */
  by: z.string().nullable(),
});
export type LastVerification = z.infer<typeof LastVerificationSchema>;
