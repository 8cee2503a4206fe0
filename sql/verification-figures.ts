import type postgres from 'postgres';
import type { Sql } from './database.js';
import { verifiedSql } from './medical-contacts.js';

/**
 * How true the directory stays (the Dashboard and Contact Analytics, and the notification monitor's
 * overdue alert): read from medical_contacts' stored verification and the history of
 * contact_verifications (migration 053), against System Settings' cycle.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
/** The weekly trend's length: a quarter, about one default cycle of 90 days. */
export const TREND_WEEKS = 12;

export interface OverdueShare {
  activeContacts: number;
  /** Active contacts not verified at the moment: never, past the cycle, unticked, or unreachable last time. */
  overdue: number;
}

export interface VerificationFigures extends OverdueShare {
  reverifyAfterDays: number;
  /** Active contacts verified within the cycle. */
  verified: number;
  /** Verified contacts whose verification falls due within the next 7 days. */
  dueThisWeek: number;
  /** The median age of the active contacts' last verification, in days (one decimal); null when none was ever verified. */
  medianAgeDays: number | null;
  /** Reports from bot users still open more than two business days after they came in. */
  reportsOpenTooLong: number;
  /** Verifications that confirmed details within the cycle, and how many of them the contacts made themselves (self_confirmed). */
  confirmations: number;
  selfConfirmations: number;
  /** Per week, oldest first: at the week's end, the active contacts then and those verified within the cycle then. */
  weeks: { end: Date; contacts: number; verified: number }[];
}

function inRegion(sql: Sql, region: string | undefined) {
  return region === undefined ? sql`TRUE` : sql`c.region = ${region}`;
}

/**
 * The moment two business days (Monday to Friday, in the time zone) before `now`: a report that came in
 * before it has waited longer than the two business days a listing's correction is given.
 */
export function twoBusinessDaysBefore(now: Date, timeZone: string): Date {
  const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone });
  let at = now.getTime();
  for (let left = 2; left > 0; ) {
    at -= DAY_MS;
    if (!['Sat', 'Sun'].includes(weekday.format(at))) left -= 1;
  }
  return new Date(at);
}

/** The first of the trend's week ends (numbered from 0 at `first`) at or after a moment: from it on, what starts then counts. */
function weekOf(sql: Sql, first: Date, moment: postgres.PendingQuery<postgres.Row[]>) {
  return sql`greatest(0, ceil(extract(epoch FROM ${moment} - ${first}::timestamptz) / ${WEEK_MS / 1000}))::int`;
}

/** How many active contacts there are, and how many of them are overdue, at `now`: the alert's figure, cheap enough for every check. */
export async function overdueShare(sql: Sql, now: Date): Promise<OverdueShare> {
  const [row] = await sql<OverdueShare[]>`
    SELECT count(*)::int AS active_contacts, count(*) FILTER (WHERE NOT ${verifiedSql(sql, now)})::int AS overdue
    FROM medical_contacts WHERE is_active`;
  return row!;
}

/**
 * Every figure of the directory's freshness at `now`, of one region's contacts or of all. The weekly
 * trend is read from the history: a contact counts as verified at a week's end when its last
 * verification by then confirmed its details within the cycle; the contacts counted are today's active
 * ones that existed then (whether one was active in a past week is not kept).
 */
export async function verificationFigures(sql: Sql, now: Date, { timeZone, region }: { timeZone: string; region?: string }): Promise<VerificationFigures> {
  const reportsBefore = twoBusinessDaysBefore(now, timeZone);
  const first = new Date(now.getTime() - (TREND_WEEKS - 1) * WEEK_MS);
  const cycle = sql`(SELECT reverify_after_days FROM system_settings WHERE id) * interval '24 hours'`;
  const [[row], weeks] = await Promise.all([
    sql<Omit<VerificationFigures, 'weeks'>[]>`
      SELECT (SELECT reverify_after_days FROM system_settings WHERE id) AS reverify_after_days,
        count(*)::int AS active_contacts,
        count(*) FILTER (WHERE ${verifiedSql(sql, now)})::int AS verified,
        count(*) FILTER (WHERE NOT ${verifiedSql(sql, now)})::int AS overdue,
        count(*) FILTER (WHERE ${verifiedSql(sql, now)} AND verified_at < ${now}::timestamptz + interval '7 days' - ${cycle})::int AS due_this_week,
        round((percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ${now}::timestamptz - last_verified_at) / 86400))::numeric, 1)::float8
          AS median_age_days,
        (SELECT count(*) FROM contact_reports r JOIN medical_contacts c ON c.id = r.contact_id
          WHERE r.status = 'open' AND r.created_at < ${reportsBefore} AND ${inRegion(sql, region)})::int AS reports_open_too_long,
        (SELECT count(*) FROM contact_verifications v JOIN medical_contacts c ON c.id = v.contact_id
          WHERE v.outcome IN ('confirmed', 'corrected') AND v.verified_at > ${now}::timestamptz - ${cycle} AND v.verified_at <= ${now}
            AND ${inRegion(sql, region)})::int AS confirmations,
        (SELECT count(*) FROM contact_verifications v JOIN medical_contacts c ON c.id = v.contact_id
          WHERE v.outcome IN ('confirmed', 'corrected') AND v.method = 'self_confirmed' AND v.verified_at > ${now}::timestamptz - ${cycle}
            AND v.verified_at <= ${now} AND ${inRegion(sql, region)})::int AS self_confirmations
      FROM medical_contacts c WHERE c.is_active AND ${inRegion(sql, region)}`,
    // Each verification that confirmed the details keeps its contact verified from its moment until the
    // next verification, or the cycle's end, whichever comes first. Each span and each contact becomes
    // the week it starts counting in (and a span the week it stops), and the weeks add them up: one
    // pass over the history and one over the contacts, whatever the number of weeks.
    sql<{ end: Date; contacts: number; verified: number }[]>`
      WITH contacts AS MATERIALIZED (SELECT c.id, c.created_at FROM medical_contacts c WHERE c.is_active AND ${inRegion(sql, region)}),
      spans AS MATERIALIZED (
        SELECT greatest(s.from_at, s.created_at) AS from_at, s.to_at FROM (
          SELECT c.created_at, v.outcome, v.verified_at AS from_at,
            least(lead(v.verified_at) OVER (PARTITION BY v.contact_id ORDER BY v.verified_at, v.id), v.verified_at + ${cycle}) AS to_at
          FROM contact_verifications v JOIN contacts c ON c.id = v.contact_id
        ) s WHERE s.outcome IN ('confirmed', 'corrected') AND s.to_at > greatest(s.from_at, s.created_at)),
      events AS (
        SELECT ${weekOf(sql, first, sql`created_at`)} AS week, 1 AS contacts, 0 AS verified FROM contacts
        UNION ALL SELECT ${weekOf(sql, first, sql`from_at`)}, 0, 1 FROM spans
        UNION ALL SELECT ${weekOf(sql, first, sql`to_at`)}, 0, -1 FROM spans),
      per_week AS (SELECT week, sum(contacts) AS contacts, sum(verified) AS verified FROM events WHERE week < ${TREND_WEEKS} GROUP BY week)
      SELECT ${first}::timestamptz + k * interval '7 days' AS end, coalesce(sum(p.contacts), 0)::int AS contacts, coalesce(sum(p.verified), 0)::int AS verified
      FROM generate_series(0, ${TREND_WEEKS - 1}::int) AS k LEFT JOIN per_week p ON p.week <= k
      GROUP BY k ORDER BY k`,
  ]);
  return { ...row!, weeks: [...weeks] };
}
