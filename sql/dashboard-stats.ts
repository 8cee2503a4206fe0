import type { Sql } from './database.js';
import { readWithPendingLogs } from './log-analytics.js';

/**
 * The Dashboard's figures that sql/log-analytics.ts does not offer: the last 24 hours hour by hour
 * (its windows are whole UTC days), and the counts of contacts, bot users and broadcasts. Log
 * figures come from the roll-ups plus the log rows above their watermark, never from older rows.
 */

/** An instant window, start included and end excluded. */
export interface InstantRange {
  start: Date;
  end: Date;
}

/** Requests of one hour (or of a whole window), with the counts the Dashboard's rates come from. */
export interface RequestCounts {
  requests: number;
  infoCount: number;
  durationCount: number;
  durationSum: number;
}

export interface HourlyRequests extends RequestCounts {
  /** The hour's start. */
  hour: Date;
}

/**
 * One entry per hour from the hour holding `range.start` to the one before `range.end` (hours
 * without logs are zeros), from log_hourly_totals plus the rows not rolled up yet. Both ends should
 * fall on whole hours, or the hours at the edges hold rolled-up logs outside the window.
 */
export async function hourlyRequests(sql: Sql, range: InstantRange): Promise<HourlyRequests[]> {
  return readWithPendingLogs(sql, range, async (tx, pendingLogs) => {
    const rows = await tx<HourlyRequests[]>`
      WITH parts AS (
        SELECT hour, requests, info_count, duration_count, duration_sum FROM log_hourly_totals
        WHERE hour >= ${range.start} AND hour < ${range.end}
        UNION ALL
        SELECT log_rollup_hour(created_at), count(*), count(*) FILTER (WHERE level = 'INFO'), count(duration_ms), coalesce(sum(duration_ms), 0)
        FROM ${pendingLogs} GROUP BY 1
      )
      SELECT hours.hour, coalesce(sum(requests), 0)::int AS requests, coalesce(sum(info_count), 0)::int AS info_count,
        coalesce(sum(duration_count), 0)::int AS duration_count, coalesce(sum(duration_sum), 0)::float8 AS duration_sum
      FROM generate_series(log_rollup_hour(${range.start}), ${range.end}::timestamptz - interval '1 second', interval '1 hour') AS hours (hour)
      LEFT JOIN parts ON parts.hour = hours.hour
      GROUP BY hours.hour ORDER BY hours.hour`;
    return [...rows];
  });
}

/**
 * Distinct users with a log in the window, exact when it ends at midnight UTC or after the last log.
 * A user's row in log_daily_users keeps their last request of that day and place, so on the
 * window's first day they are in it exactly when that last request is; the days after are whole
 * (which is why a window ending at another time of day would count users of its last day's rest).
 */
export async function windowUniqueUserCount(sql: Sql, range: InstantRange): Promise<number> {
  return readWithPendingLogs(sql, range, async (tx, pendingLogs) => {
    const [row] = await tx<{ users: number }[]>`
      SELECT count(DISTINCT user_id)::int AS users FROM (
        SELECT user_id FROM log_daily_users
        WHERE (day = log_rollup_day(${range.start}) AND last_request_at >= ${range.start})
          OR (day > log_rollup_day(${range.start}) AND day <= log_rollup_day(${range.end}::timestamptz - interval '1 microsecond'))
        UNION ALL
        SELECT user_id FROM ${pendingLogs} AND user_id IS NOT NULL
      ) users`;
    return row!.users;
  });
}

export interface DirectoryCounts {
  activeContacts: number;
  totalContacts: number;
  botUsers: number;
  newBotUsers: number;
  broadcastsSent: number;
  /** Messages those broadcasts delivered. */
  broadcastDeliveries: number;
}

/** Contacts (active and all), bot users (all and new in the window) and broadcasts finished sending in the window. */
export async function directoryCounts(sql: Sql, range: InstantRange): Promise<DirectoryCounts> {
  const [row] = await sql<DirectoryCounts[]>`
    SELECT
      (SELECT count(*) FILTER (WHERE is_active) FROM medical_contacts)::int AS active_contacts,
      (SELECT count(*) FROM medical_contacts)::int AS total_contacts,
      (SELECT count(*) FROM telegram_users)::int AS bot_users,
      (SELECT count(*) FROM telegram_users WHERE created_at >= ${range.start} AND created_at < ${range.end})::int AS new_bot_users,
      sent.broadcasts AS broadcasts_sent, sent.deliveries AS broadcast_deliveries
    FROM (
      SELECT count(*)::int AS broadcasts, coalesce(sum(success_count), 0)::int AS deliveries FROM broadcasts
      WHERE status = 'sent' AND finished_at >= ${range.start} AND finished_at < ${range.end}
    ) sent`;
  return row!;
}

export interface ContactLocation {
  city: string;
  country: string;
  contacts: number;
}

/** The places with the most active contacts (most first, then by name): where the bot can help most. */
export async function topContactLocations(sql: Sql, limit: number): Promise<ContactLocation[]> {
  const rows = await sql<ContactLocation[]>`
    SELECT city, country, count(*)::int AS contacts FROM medical_contacts
    WHERE is_active AND city <> ''
    GROUP BY city, country ORDER BY contacts DESC, country, city LIMIT ${limit}`;
  return [...rows];
}
