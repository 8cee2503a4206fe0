import type { VerificationFigures } from '../contract/verification-figures.js';
import type { Sql } from '../../sql/database.js';
import { verificationFigures } from '../../sql/verification-figures.js';

/** A share in percent with one decimal; null of nothing. */
export const shareOf = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 10);

/** The directory's freshness for the Dashboard and Contact Analytics, of one region's contacts or of all. */
export async function verificationAnswer(sql: Sql, now: Date, scope: { timeZone: string; region?: string }): Promise<VerificationFigures> {
  const figures = await verificationFigures(sql, now, scope);
  return {
    reverifyAfterDays: figures.reverifyAfterDays,
    activeContacts: figures.activeContacts,
    verifiedShare: shareOf(figures.verified, figures.activeContacts),
    dueThisWeek: figures.dueThisWeek,
    overdue: figures.overdue,
    overdueShare: shareOf(figures.overdue, figures.activeContacts),
    medianAgeDays: figures.medianAgeDays,
    reportsOpenTooLong: figures.reportsOpenTooLong,
    selfConfirmedShare: shareOf(figures.selfConfirmations, figures.confirmations),
    weeklyVerifiedShare: figures.weeks.map((week) => ({ weekEnd: week.end.toISOString(), verifiedShare: shareOf(week.verified, week.contacts) })),
  };
}
