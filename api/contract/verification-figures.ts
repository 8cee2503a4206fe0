import { z } from 'zod';

/**
 * How true the directory stays, on the Dashboard and Contact Analytics: each share is a percent with
 * one decimal, null when there is nothing to take a share of.
 */
export const VerificationFiguresSchema = z.object({
  /** System Settings' "Re-verify every N days", the cycle the figures count with. */
  reverifyAfterDays: z.number(),
  activeContacts: z.number(),
  /** Active contacts verified within the cycle. */
  verifiedShare: z.number().nullable(),
  /** Verified contacts whose verification falls due within the next 7 days. */
  dueThisWeek: z.number(),
  /** Active contacts not verified: never, past the cycle, unticked, or unreachable last time. */
  overdue: z.number(),
  overdueShare: z.number().nullable(),
  /** The median age of the active contacts' last verification, in days; null when none was ever verified. */
  medianAgeDays: z.number().nullable(),
  /** Reports from bot users still open more than two business days (Monday to Friday) after they came in. */
  reportsOpenTooLong: z.number(),
  /** Of the verifications that confirmed details within the cycle, those the contacts made themselves through the bot. */
  selfConfirmedShare: z.number().nullable(),
  /** The verified share at the end of each of the last weeks, oldest first: `weekEnd` is ISO 8601. */
  weeklyVerifiedShare: z.array(z.object({ weekEnd: z.string(), verifiedShare: z.number().nullable() })),
});
export type VerificationFigures = z.infer<typeof VerificationFiguresSchema>;
