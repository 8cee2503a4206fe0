import type postgres from 'postgres';
import type { Sql } from './database.js';
import { inRegion, readWithPendingLogs, rolledUpUsers } from './log-analytics.js';

/**
 * The log figures of a window between two instants (api/contract/figure-windows.ts), exact at both
 * ends: the whole UTC hours inside come from log_hourly_totals, the parts of hours at the edges and
 * the rows not rolled up yet from bot_logs. The edges are the window's first and last hour at most
 * (or the whole window when it is charted in spans that are not clock hours: the last 24 hours),
 * always recent enough for retention to have kept their rows.
 */

type Fragment = postgres.PendingQuery<postgres.Row[]>;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export interface WindowRange {
  start: Date;
  end: Date;
}

export interface WindowCounts {
  requests: number;
  errorCount: number;
  durationCount: number;
  durationSum: number;
}

export interface BucketCounts extends WindowCounts {
  /** The bucket's start (one of `bucketStarts`). */
  at: Date;
  /** Distinct users of the bucket; see windowFigures for what a day counts. */
  uniqueUsers: number;
}

export interface WindowFigures {
  totals: WindowCounts;
  buckets: BucketCounts[];
  /** Requests and errors per hour of the day (0–23) in the window's time zone. */
  hourOfDay: { hour: number; requests: number; errorCount: number }[];
  /**
   * True when the buckets' distinct users are those of the UTC day of the same date: the roll-ups
   * keep users per UTC day, and local days in a zone away from UTC cut across two of them.
   */
  usersByUtcDay: boolean;
}

const ZERO: WindowCounts = { requests: 0, errorCount: 0, durationCount: 0, durationSum: 0 };

function add(sum: WindowCounts, part: WindowCounts): WindowCounts {
  return {
    requests: sum.requests + part.requests,
    errorCount: sum.errorCount + part.errorCount,
    durationCount: sum.durationCount + part.durationCount,
    durationSum: sum.durationSum + part.durationSum,
  };
}

const floorTo = (instant: Date, unitMs: number) => new Date(Math.floor(instant.getTime() / unitMs) * unitMs);
const ceilTo = (instant: Date, unitMs: number) => new Date(Math.ceil(instant.getTime() / unitMs) * unitMs);

/** The rolled-up rows' watermark, read in the caller's snapshot so it matches what readWithPendingLogs saw. */
async function watermark(tx: Sql): Promise<number> {
  const [state] = await tx<{ lastLogId: number }[]>`SELECT last_log_id::float8 AS last_log_id FROM log_rollup_state WHERE id`;
  return state!.lastLogId;
}

/** Rolled-up log rows of [from, to): two ranges of the created_at index, never the whole window's rows. */
function rolledUpRowsBetween(tx: Sql, lastLogId: number, from: Date, to: Date): Fragment {
  return tx`bot_logs WHERE created_at >= ${from} AND created_at < ${to} AND id <= ${lastLogId}`;
}

/**
 * Totals, one entry per bucket (each from its start to the next one's, the last to `end`) and the
 * hour-of-day distribution, in `timeZone`. With `clockHours` false every row is read from bot_logs
 * (buckets that do not start on the hour); otherwise whole hours come from log_hourly_totals.
 * Day buckets' distinct users are exact when the days are UTC days, else see usersByUtcDay.
 */
export async function windowFigures(
  sql: Sql,
  window: WindowRange & { bucketStarts: Date[]; timeZone: string; clockHours: boolean },
): Promise<WindowFigures> {
  const { start, end, bucketStarts, timeZone } = window;
  const starts = bucketStarts.map((at) => at.toISOString());
  const innerStart = window.clockHours ? ceilTo(start, HOUR_MS) : end;
  const innerEnd = window.clockHours ? floorTo(end, HOUR_MS) : end;
  const usersByDay = window.clockHours;
  const utcDays = bucketStarts.every((at) => at.getTime() % DAY_MS === 0);
  return readWithPendingLogs(sql, window, async (tx, pendingLogs) => {
    const lastLogId = await watermark(tx);
    const rowCounts = tx`1, (level = 'ERROR')::int, (duration_ms IS NOT NULL)::int, coalesce(duration_ms, 0)::float8, user_id`;
    // Per bucket and hour of day for the counts; per bucket alone (hour null) for distinct users,
    // as a bucket of the last 24 hours spans two clock hours.
    const rows = await tx<(WindowCounts & { bucket: number; hour: number | null; uniqueUsers: number })[]>`
      WITH parts (at, requests, error_count, duration_count, duration_sum, user_id) AS (
        SELECT hour, requests, error_count, duration_count, duration_sum::float8, NULL::bigint FROM log_hourly_totals
        WHERE hour >= ${innerStart} AND hour < ${innerEnd}
        UNION ALL
        SELECT created_at, ${rowCounts} FROM ${rolledUpRowsBetween(tx, lastLogId, start, innerStart < innerEnd ? innerStart : end)}
        UNION ALL
        SELECT created_at, ${rowCounts} FROM ${rolledUpRowsBetween(tx, lastLogId, innerStart < innerEnd ? innerEnd : end, end)}
        UNION ALL
        SELECT created_at, ${rowCounts} FROM ${pendingLogs}
      )
      SELECT width_bucket(at, ${starts}::timestamptz[]) AS bucket, extract(hour FROM at AT TIME ZONE ${timeZone})::int AS hour,
        sum(requests)::int AS requests, sum(error_count)::int AS error_count,
        sum(duration_count)::int AS duration_count, sum(duration_sum)::float8 AS duration_sum,
        count(DISTINCT user_id)::int AS unique_users
      FROM parts GROUP BY GROUPING SETS ((1, 2), (1))`;
    const buckets = bucketStarts.map((at) => ({ at, ...ZERO, uniqueUsers: 0 }));
    const hourOfDay = Array.from({ length: 24 }, (_, hour) => ({ hour, requests: 0, errorCount: 0 }));
    let totals = ZERO;
    for (const row of rows) {
      const bucket = buckets[row.bucket - 1]!;
      // Only the raw rows carry users: with clock hours, day buckets are counted below instead.
      if (row.hour === null) {
        if (!usersByDay) bucket.uniqueUsers = row.uniqueUsers;
        continue;
      }
      Object.assign(bucket, add(bucket, row));
      hourOfDay[row.hour]!.requests += row.requests;
      hourOfDay[row.hour]!.errorCount += row.errorCount;
      totals = add(totals, row);
    }
    if (usersByDay) {
      const days = bucketStarts.map((at) => localDate(at, timeZone));
      // The day's count kept in log_daily_totals, plus the pending rows' users it does not know yet.
      const users = await tx<{ day: string; users: number }[]>`
        WITH pending AS MATERIALIZED (
          SELECT log_rollup_day(created_at) AS day, user_id FROM ${pendingLogs} AND user_id IS NOT NULL
        )
        SELECT day::text AS day, sum(users)::int AS users FROM (
          SELECT day, unique_users AS users FROM log_daily_totals WHERE day = ANY(${days}::date[])
          UNION ALL
          SELECT day, count(DISTINCT user_id) FROM pending p
          WHERE day = ANY(${days}::date[]) AND NOT EXISTS (SELECT FROM log_daily_users u WHERE u.day = p.day AND u.user_id = p.user_id)
          GROUP BY day
        ) users GROUP BY day`;
      const byDay = new Map(users.map((row) => [row.day, row.users]));
      buckets.forEach((bucket, index) => (bucket.uniqueUsers = byDay.get(days[index]!) ?? 0));
    }
    return { totals, buckets, hourOfDay, usersByUtcDay: usersByDay && !utcDays };
  });
}

/** The local date of an instant as YYYY-MM-DD. */
function localDate(instant: Date, timeZone: string): string {
  return instant.toLocaleDateString('en-CA', { timeZone });
}

const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * Distinct users with a log in [start, end), exact for any two instants: on the first UTC day the
 * users whose last request of the day is at or after `start` (log_daily_users keeps it), the whole
 * UTC days in between from the user roll-ups, and the rest of the last day from bot_logs (within the
 * last day before `end`, so retention still holds those rows).
 */
export async function distinctUsers(sql: Sql, { start, end }: WindowRange): Promise<number> {
  return readWithPendingLogs(sql, { start, end }, async (tx, pendingLogs) => {
    const lastLogId = await watermark(tx);
    const firstWholeDay = ceilTo(start, DAY_MS);
    const lastDayStart = floorTo(end, DAY_MS);
    const sameDay = firstWholeDay.getTime() > lastDayStart.getTime();
    const parts: Fragment[] = [tx`SELECT user_id FROM ${pendingLogs} AND user_id IS NOT NULL`];
    if (sameDay) {
      parts.push(tx`SELECT user_id FROM ${rolledUpRowsBetween(tx, lastLogId, start, end)} AND user_id IS NOT NULL`);
    } else {
      if (start < firstWholeDay) parts.push(tx`SELECT user_id FROM log_daily_users WHERE day = ${utcDay(start)}::date AND last_request_at >= ${start}`);
      if (firstWholeDay < lastDayStart) {
        const days = { from: utcDay(firstWholeDay), to: utcDay(new Date(lastDayStart.getTime() - DAY_MS)) };
        parts.push(tx`SELECT user_id FROM ${rolledUpUsers(tx, days)}`);
      }
      parts.push(tx`SELECT user_id FROM ${rolledUpRowsBetween(tx, lastLogId, lastDayStart, end)} AND user_id IS NOT NULL`);
    }
    const union = parts.reduce((all, part) => tx`${all} UNION ALL ${part}`);
    const [row] = await tx<{ users: number }[]>`SELECT count(DISTINCT user_id)::int AS users FROM (${union}) users`;
    return row!.users;
  });
}

export interface ExactPercentiles {
  /** Logs with a duration. */
  count: number;
  medianMs: number | null;
  p95Ms: number | null;
}

/** Median and p95 durationMs over the window's log rows (one region's, or all) by percentile_cont: only where retention still holds them. */
export async function exactResponsePercentiles(sql: Sql, { start, end }: WindowRange, region?: string): Promise<ExactPercentiles> {
  const [row] = await sql<ExactPercentiles[]>`
    SELECT count(duration_ms)::int AS count,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms) AS median_ms,
      percentile_cont(0.95) WITHIN GROUP (ORDER BY duration_ms) AS p95_ms
    FROM bot_logs WHERE created_at >= ${start} AND created_at < ${end} AND duration_ms IS NOT NULL ${inRegion(sql, region)}`;
  return row!;
}

export interface ComparedWindows {
  current: WindowFigures;
  /** The totals of the window of the same length just before. */
  previous: WindowCounts;
  users: number;
  previousUsers: number;
}

/**
 * A window's figures and the same totals over the window just before (from `previousStart` to its
 * start), as every figure screen compares them. Day buckets use the hour roll-ups; the last 24
 * hours are charted in spans ending now, not clock hours, so they are read from the rows alone.
 */
export async function compareWindows(
  sql: Sql,
  window: WindowRange & { previousStart: Date; bucketStarts: Date[]; timeZone: string; bucket: 'hour' | 'day' },
): Promise<ComparedWindows> {
  const previous = { start: window.previousStart, end: window.start };
  const [current, before, users, previousUsers] = await Promise.all([
    windowFigures(sql, { ...window, clockHours: window.bucket === 'day' }),
    windowFigures(sql, { ...previous, bucketStarts: [previous.start], timeZone: window.timeZone, clockHours: true }),
    distinctUsers(sql, window),
    distinctUsers(sql, previous),
  ]);
  const today = current.buckets.at(-1);
  if (window.bucket === 'day' && !current.usersByUtcDay && today) {
    // Today's roll-up holds the whole UTC day; its users up to the window's end are counted exactly.
    today.uniqueUsers = await distinctUsers(sql, { start: today.at, end: window.end });
  }
  return { current, previous: before.totals, users, previousUsers };
}

/**
 * Requests per language the bot answered in over a window, most first: whole UTC hours from
 * log_hourly_languages, the parts of hours at the edges and the rows not rolled up yet from bot_logs.
 * Logs without a language (no user, or from before languages) are not counted.
 */
export async function languageTotals(sql: Sql, { start, end }: WindowRange): Promise<{ language: string; requests: number }[]> {
  const innerStart = ceilTo(start, HOUR_MS);
  const innerEnd = floorTo(end, HOUR_MS);
  const whole = innerStart < innerEnd;
  return readWithPendingLogs(sql, { start, end }, async (tx, pendingLogs) => {
    const lastLogId = await watermark(tx);
    const rows = await tx<{ language: string; requests: number }[]>`
      WITH parts (language, requests) AS (
        SELECT language, requests FROM log_hourly_languages WHERE hour >= ${innerStart} AND hour < ${innerEnd}
        UNION ALL
        SELECT language, 1 FROM ${rolledUpRowsBetween(tx, lastLogId, start, whole ? innerStart : end)}
        UNION ALL
        SELECT language, 1 FROM ${rolledUpRowsBetween(tx, lastLogId, whole ? innerEnd : end, end)}
        UNION ALL
        SELECT language, 1 FROM ${pendingLogs}
      )
      SELECT language, sum(requests)::int AS requests FROM parts WHERE language IS NOT NULL
      GROUP BY language ORDER BY requests DESC, language`;
    return [...rows];
  });
}
