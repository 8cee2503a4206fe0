import type postgres from 'postgres';
import type { Sql } from './database.js';
import { hasPlace, placeColumns, totalsAggregates } from './log-rollups.js';
import { transaction } from './transaction.js';

/**
 * The analytics figures of the bot logs, read from the roll-ups (sql/log-rollups.ts) plus the few
 * log rows not rolled up yet, so they are exact up to the last committed log and never scan the
 * raw table. Windows are whole UTC days (the roll-ups' day, see migration 007).
 */

/**
 * Success Rate, the one definition every screen shows under that name (Dashboard, Analytics, each
 * region's): the percentage of requests answered without an error, an error being an ERROR-level
 * log row. WARN and DEBUG rows were answered; null without requests.
 */
export function successRate({ requests, errorCount }: { requests: number; errorCount: number }): number | null {
  return requests === 0 ? null : ((requests - errorCount) / requests) * 100;
}

type Fragment = postgres.PendingQuery<postgres.Row[]>;

/** A window of whole UTC days, both ends included, as YYYY-MM-DD. */
export interface DayRange {
  from: string;
  to: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The window of the last `days` UTC days, today included: 1 is today, 7 is today and the 6 days before. */
export function lastDays(days: number, now: Date): DayRange {
  const today = now.toISOString().slice(0, 10);
  return { from: new Date(Date.parse(today) - (days - 1) * DAY_MS).toISOString().slice(0, 10), to: today };
}

/** The instants a window starts and ends at (end excluded). */
function windowBounds(range: DayRange): { start: Date; end: Date } {
  return { start: new Date(`${range.from}T00:00:00Z`), end: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS) };
}

/** A window between two instants, start included and end excluded. */
export interface InstantWindow {
  start: Date;
  end: Date;
}

/** Whole UTC days (the roll-ups' days) or a window between two instants (api/contract/figure-windows.ts). */
export type FigureRange = DayRange | InstantWindow;

const isDayRange = (range: FigureRange): range is DayRange => 'from' in range;
const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** The instants a range starts and ends at (end excluded). */
function boundsOf(range: FigureRange): InstantWindow {
  return isDayRange(range) ? windowBounds(range) : range;
}

/**
 * The whole UTC days of a range, read from the day roll-ups (null when it holds none), and the parts
 * of days at its edges, read from the log rows: for a window from a local midnight, or the last 24
 * hours, the roll-ups' days alone would count hours outside it.
 */
function rolledUpDays(range: FigureRange): { days: DayRange | null; edges: InstantWindow[] } {
  if (isDayRange(range)) return { days: range, edges: [] };
  const firstWhole = new Date(Math.ceil(range.start.getTime() / DAY_MS) * DAY_MS);
  const lastStart = new Date(Math.floor(range.end.getTime() / DAY_MS) * DAY_MS);
  if (firstWhole >= lastStart) return { days: null, edges: [range] };
  const edges = [
    { start: range.start, end: firstWhole },
    { start: lastStart, end: range.end },
  ].filter((edge) => edge.start < edge.end);
  return { days: { from: utcDay(firstWhole), to: utcDay(new Date(lastStart.getTime() - DAY_MS)) }, edges };
}

/**
 * Runs a read in one snapshot, so the roll-ups and the log rows above their watermark are seen at the
 * same moment (none counted twice or missed), handing it those rows of the window as a FROM item
 * (with a WHERE), plus the rolled-up rows in `edges` (the parts of the window its caller does not
 * read from roll-ups). The planner must see the watermark's value to know that only a few rows lie
 * above it: given a sub-select, or a generic plan of a prepared statement, it reads the window's rows
 * of bot_logs by created_at instead.
 */
export async function readWithPendingLogs<T>(
  sql: Sql,
  { start, end }: { start: Date; end: Date },
  read: (sql: Sql, pendingLogs: Fragment) => Promise<T>,
  edges: InstantWindow[] = [],
): Promise<T> {
  const result = await transaction(sql, async (tx) => {
    // Custom plans: see above. A year's distinct users sort about a million rows: in memory, not on
    // disk. And JIT compiling takes longer than these queries run.
    await tx`
      SELECT set_config('plan_cache_mode', 'force_custom_plan', true), set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`;
    const [state] = await tx<{ lastLogId: number }[]>`SELECT last_log_id FROM log_rollup_state WHERE id`;
    const pending = tx`id > ${state!.lastLogId} AND created_at >= ${start} AND created_at < ${end}`;
    const edgeRows = edges.map((edge) => tx`OR (id <= ${state!.lastLogId} AND created_at >= ${edge.start} AND created_at < ${edge.end})`);
    return read(tx, tx`bot_logs WHERE (${pending} ${edgeRows.reduce((all, edge) => tx`${all} ${edge}`, tx``)})`);
  }, 'ISOLATION LEVEL REPEATABLE READ READ ONLY');
  return result;
}

/** readWithPendingLogs over a range's whole UTC days, the log rows at its edges added to the pending ones. */
function readInSnapshot<T>(sql: Sql, range: FigureRange, read: (sql: Sql, pendingLogs: Fragment) => Promise<T>): Promise<T> {
  return readWithPendingLogs(sql, boundsOf(range), read, rolledUpDays(range).edges);
}

/** The day roll-ups' rows of the range's whole UTC days. */
function inRange(sql: Sql, range: FigureRange): Fragment {
  const { days } = rolledUpDays(range);
  return days === null ? sql`FALSE` : sql`day BETWEEN ${days.from}::date AND ${days.to}::date`;
}

/**
 * The window's whole months, as the first day of the first one and the first day after the last
 * one; both are the same day when the window holds no whole month.
 */
function wholeMonths(range: DayRange): { start: string; end: string } {
  const { start: from, end: afterTo } = windowBounds(range);
  const start = from.getUTCDate() === 1 ? from : new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  const end = new Date(Date.UTC(afterTo.getUTCFullYear(), afterTo.getUTCMonth(), 1));
  const day = (date: Date) => date.toISOString().slice(0, 10);
  return { start: day(start), end: day(end > start ? end : start) };
}

/**
 * The rolled-up activity of the range's users on its whole UTC days as a FROM item (user_id, country,
 * region, city, requests, last_request_at): whole months from log_monthly_users, the other days from log_daily_users.
 */
export function rolledUpUsers(sql: Sql, range: FigureRange): Fragment {
  const { days } = rolledUpDays(range);
  if (days === null) return sql`(SELECT user_id, country, region, city, requests, last_request_at FROM log_daily_users WHERE FALSE) rolled_up_users`;
  const months = wholeMonths(days);
  return sql`(
    SELECT user_id, country, region, city, requests, last_request_at FROM log_monthly_users
    WHERE month >= ${months.start}::date AND month < ${months.end}::date
    UNION ALL
    SELECT user_id, country, region, city, requests, last_request_at FROM log_daily_users
    WHERE day BETWEEN ${days.from}::date AND ${days.to}::date
      AND (day < ${months.start}::date OR day >= ${months.end}::date)
  ) rolled_up_users`;
}

function mean(sum: number, count: number): number | null {
  return count === 0 ? null : sum / count;
}

interface LevelCounts {
  requests: number;
  debugCount: number;
  infoCount: number;
  warnCount: number;
  errorCount: number;
  durationCount: number;
  durationSum: number;
}

export interface RequestTotals {
  requests: number;
  debugCount: number;
  infoCount: number;
  warnCount: number;
  errorCount: number;
  /** successRate above (null without logs). */
  successRate: number | null;
  /** Mean durationMs of the logs that have one (null when none has). */
  meanDurationMs: number | null;
}

function toTotals({ durationCount, durationSum, ...counts }: LevelCounts): RequestTotals {
  return {
    ...counts,
    successRate: successRate(counts),
    meanDurationMs: mean(durationSum, durationCount),
  };
}

function summedCounts(sql: Sql): Fragment {
  return sql`
    coalesce(sum(requests), 0)::int AS requests, coalesce(sum(debug_count), 0)::int AS debug_count,
    coalesce(sum(info_count), 0)::int AS info_count, coalesce(sum(warn_count), 0)::int AS warn_count,
    coalesce(sum(error_count), 0)::int AS error_count, coalesce(sum(duration_count), 0)::int AS duration_count,
    coalesce(sum(duration_sum), 0)::float8 AS duration_sum`;
}
const COUNT_COLUMNS = ['requests', 'debug_count', 'info_count', 'warn_count', 'error_count', 'duration_count', 'duration_sum'];

/** Logs in the window: counts per level, the success rate and the mean response time. */
export async function requestTotals(sql: Sql, range: FigureRange): Promise<RequestTotals> {
  return readInSnapshot(sql, range, async (tx, pendingLogs) => {
    const [row] = await tx<LevelCounts[]>`
      SELECT ${summedCounts(tx)} FROM (
        SELECT ${tx(COUNT_COLUMNS)} FROM log_daily_totals WHERE ${inRange(tx, range)}
        UNION ALL
        SELECT ${totalsAggregates(tx)} FROM ${pendingLogs}
      ) parts`;
    return toTotals(row!);
  });
}

/** Distinct user ids among the window's logs. */
export async function uniqueUserCount(sql: Sql, range: FigureRange): Promise<number> {
  return readInSnapshot(sql, range, async (tx, pendingLogs) => {
    const [row] = await tx<{ users: number }[]>`
      SELECT count(DISTINCT user_id)::int AS users FROM (
        SELECT user_id FROM ${rolledUpUsers(tx, range)}
        UNION ALL
        SELECT user_id FROM ${pendingLogs}
      ) users`;
    return row!.users;
  });
}

export interface DailyFigures extends RequestTotals {
  day: string;
  uniqueUsers: number;
}

/** One entry per day of the window (days without logs are zeros): totals, rates, mean time and distinct users. */
export async function dailySeries(sql: Sql, range: DayRange): Promise<DailyFigures[]> {
  return readInSnapshot(sql, range, async (tx, pendingLogs) => {
    const rows = await tx<(LevelCounts & { day: string; uniqueUsers: number })[]>`
      WITH pending AS MATERIALIZED (
        SELECT log_rollup_day(created_at) AS day, * FROM ${pendingLogs}
      ), parts AS (
        SELECT day, ${tx(COUNT_COLUMNS)}, unique_users FROM log_daily_totals WHERE ${inRange(tx, range)}
        UNION ALL
        SELECT day, ${totalsAggregates(tx)}, 0 FROM pending GROUP BY day
        UNION ALL
        -- Users of the pending rows whom the day's roll-up does not know yet.
        SELECT day, 0, 0, 0, 0, 0, 0, 0, count(DISTINCT user_id) FROM pending p
        WHERE user_id IS NOT NULL AND NOT EXISTS (SELECT FROM log_daily_users u WHERE u.day = p.day AND u.user_id = p.user_id)
        GROUP BY day
      )
      SELECT days.day::text AS day, ${summedCounts(tx)}, coalesce(sum(unique_users), 0)::int AS unique_users
      FROM (SELECT ${range.from}::date + n AS day FROM generate_series(0, ${range.to}::date - ${range.from}::date) AS n) days
      LEFT JOIN parts ON parts.day = days.day
      GROUP BY days.day ORDER BY days.day`;
    return rows.map(({ day, uniqueUsers, ...counts }) => ({ day, ...toTotals(counts), uniqueUsers }));
  });
}

/** Logs per duration bucket, with the bucket's bounds in ms (upper is null for the open-ended last one). */
interface HistogramBucket {
  lowerMs: number;
  upperMs: number | null;
  logs: number;
}

export interface ResponseTimes {
  /** Logs with a duration. */
  count: number;
  /** Estimated median and 95th percentile durationMs (nearest rank, interpolated in its bucket); null without durations. */
  medianMs: number | null;
  p95Ms: number | null;
}

/**
 * The durationMs at percentile p (0–1] of a histogram: the bucket holding the value of rank
 * ceil(p·n), interpolated linearly inside it, so it is off by less than that bucket's width.
 */
function histogramPercentile(buckets: HistogramBucket[], p: number): number | null {
  const total = buckets.reduce((sum, bucket) => sum + bucket.logs, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  let below = 0;
  for (const bucket of buckets) {
    if (below + bucket.logs >= rank) {
      if (bucket.upperMs === null) return bucket.lowerMs;
      const share = (rank - below - 0.5) / bucket.logs;
      return bucket.lowerMs + share * (bucket.upperMs - bucket.lowerMs);
    }
    below += bucket.logs;
  }
  return null;
}

function toResponseTimes(buckets: HistogramBucket[]): ResponseTimes {
  return {
    count: buckets.reduce((sum, bucket) => sum + bucket.logs, 0),
    medianMs: histogramPercentile(buckets, 0.5),
    p95Ms: histogramPercentile(buckets, 0.95),
  };
}

/** Narrows a figure to the logs of one region (the place the request named), or leaves it whole. */
export interface RegionFilter {
  region?: string;
}

/** The window's duration histogram, of one region's logs or of all; buckets in ascending order. */
function durationHistogram(sql: Sql, range: FigureRange, { region }: RegionFilter) {
  return readInSnapshot(sql, range, async (tx, pendingLogs) => {
    const rolledUp =
      region === undefined
        ? tx`SELECT day, bucket, logs FROM log_daily_durations WHERE ${inRange(tx, range)}`
        : tx`SELECT day, bucket, logs FROM log_daily_region_durations WHERE region = ${region} AND ${inRange(tx, range)}`;
    const rows = await tx<HistogramBucket[]>`
      SELECT (log_duration_bounds())[bucket] AS lower_ms,
        (log_duration_bounds())[bucket + 1] AS upper_ms, sum(logs)::int AS logs
      FROM (
        ${rolledUp}
        UNION ALL
        SELECT log_rollup_day(created_at), log_duration_bucket(duration_ms), count(*)
        FROM ${pendingLogs} AND duration_ms IS NOT NULL ${inRegion(tx, region)} GROUP BY 1, 2
      ) parts
      GROUP BY bucket ORDER BY bucket`;
    return [...rows];
  });
}

/** Median and p95 response time over the whole window, of one region's logs or of all. */
export async function responseTimePercentiles(sql: Sql, range: FigureRange, filter: RegionFilter = {}): Promise<ResponseTimes> {
  return toResponseTimes(await durationHistogram(sql, range, filter));
}

/** `AND region = …` for the raw log rows of one region; nothing without one. */
export function inRegion(sql: Sql, region: string | undefined): Fragment {
  return region === undefined ? sql`` : sql`AND region = ${region}`;
}

/** The rolled-up hours of the range's whole UTC days (the log rows at its edges are read with the pending ones). */
function inRolledUpHours(sql: Sql, range: FigureRange): Fragment {
  const { days } = rolledUpDays(range);
  return days === null ? sql`FALSE` : sql`hour >= ${windowBounds(days).start} AND hour < ${windowBounds(days).end}`;
}

/** The mean durationMs of one region's logs in the window (null when none has a duration). */
export async function regionMeanDuration(sql: Sql, range: FigureRange, region: string): Promise<number | null> {
  return readInSnapshot(sql, range, async (tx, pendingLogs) => {
    const [row] = await tx<{ durationCount: number; durationSum: number }[]>`
      SELECT coalesce(sum(duration_count), 0)::int AS duration_count, coalesce(sum(duration_sum), 0)::float8 AS duration_sum FROM (
        SELECT duration_count, duration_sum FROM log_hourly_regions WHERE region = ${region} AND ${inRolledUpHours(tx, range)}
        UNION ALL
        SELECT count(duration_ms), coalesce(sum(duration_ms), 0) FROM ${pendingLogs} ${inRegion(tx, region)}
      ) parts`;
    return mean(row!.durationSum, row!.durationCount);
  });
}

export interface TopUser {
  userId: number;
  requests: number;
  lastActiveAt: Date;
  /** From telegram_users; null when the bot has no record of the user. */
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}

/** The users with the most requests in the window (ties by id), with their last request time. */
export async function topUsers(sql: Sql, range: FigureRange, limit = 20): Promise<TopUser[]> {
  return readInSnapshot(sql, range, async (tx, pendingLogs) => {
    const rows = await tx<TopUser[]>`
      SELECT top.user_id, top.requests, top.last_active_at, u.first_name, u.last_name, u.username FROM (
        SELECT user_id, sum(requests)::int AS requests, max(last_request_at) AS last_active_at FROM (
          SELECT user_id, requests, last_request_at FROM ${rolledUpUsers(tx, range)}
          UNION ALL
          SELECT user_id, count(*), max(created_at) FROM ${pendingLogs} AND user_id IS NOT NULL GROUP BY user_id
        ) parts
        GROUP BY user_id ORDER BY requests DESC, user_id LIMIT ${limit}
      ) top
      LEFT JOIN telegram_users u ON u.telegram_id = top.user_id
      ORDER BY top.requests DESC, top.user_id`;
    return [...rows];
  });
}

/** How finely locationStats groups places. */
export type PlaceLevel = 'country' | 'region' | 'city';

export interface LocationStats {
  country: string | null;
  /** null at country level, or when the logs did not name it. */
  region: string | null;
  /** null above city level, or when the logs did not name it. */
  city: string | null;
  requests: number;
  /** Logs whose level is not ERROR. */
  successful: number;
  successRate: number;
  meanDurationMs: number | null;
  uniqueUsers: number;
  lastRequestAt: Date;
}

/** The place columns of a level, '' standing in for the parts it leaves out. */
function placeKey(sql: Sql, level: PlaceLevel): Fragment {
  if (level === 'country') return sql`country, '' AS region, '' AS city`;
  if (level === 'region') return sql`country, region, '' AS city`;
  return sql`country, region, city`;
}

/**
 * Per place at the given level (country, region or city), the window's requests, successful
 * requests and rate, mean response time, distinct users and last request time; most requests
 * first (at most `limit`, 100 by default), optionally only within one country.
 */
export async function locationStats(
  sql: Sql,
  range: FigureRange,
  { level, country, limit = 100 }: { level: PlaceLevel; country?: string; limit?: number },
): Promise<LocationStats[]> {
  return readInSnapshot(sql, range, async (tx, pendingLogs) => {
    const inCountry = country === undefined ? tx`` : tx`AND country = ${country}`;
    const rows = await tx<(Omit<LocationStats, 'successRate' | 'meanDurationMs'> & { durationCount: number; durationSum: number })[]>`
      WITH pending AS MATERIALIZED (
        SELECT ${placeColumns(tx)}, level, duration_ms, user_id, created_at FROM ${pendingLogs} AND ${hasPlace(tx)}
      ), requests AS (
        SELECT ${placeKey(tx, level)}, sum(requests)::int AS requests, sum(requests - error_count)::int AS successful,
          sum(duration_count)::int AS duration_count, sum(duration_sum)::float8 AS duration_sum, max(last_request_at) AS last_request_at
        FROM (
          SELECT country, region, city, requests, error_count, duration_count, duration_sum, last_request_at
          FROM log_daily_locations WHERE ${inRange(tx, range)} ${inCountry}
          UNION ALL
          SELECT country, region, city, count(*), count(*) FILTER (WHERE level = 'ERROR'), count(duration_ms), coalesce(sum(duration_ms), 0), max(created_at)
          FROM pending WHERE TRUE ${inCountry} GROUP BY 1, 2, 3
        ) parts
        GROUP BY 1, 2, 3
      ), users AS (
        SELECT ${placeKey(tx, level)}, count(DISTINCT user_id)::int AS unique_users FROM (
          SELECT country, region, city, user_id FROM ${rolledUpUsers(tx, range)}
          WHERE (country, region, city) <> ('', '', '') ${inCountry}
          UNION ALL
          SELECT country, region, city, user_id FROM pending WHERE user_id IS NOT NULL ${inCountry}
        ) parts
        GROUP BY 1, 2, 3
      )
      SELECT nullif(r.country, '') AS country, nullif(r.region, '') AS region, nullif(r.city, '') AS city,
        r.requests, r.successful, r.duration_count, r.duration_sum, r.last_request_at, coalesce(u.unique_users, 0) AS unique_users
      FROM requests r LEFT JOIN users u USING (country, region, city)
      ORDER BY r.requests DESC, r.country, r.region, r.city
      LIMIT ${limit}`;
    return rows.map(({ durationCount, durationSum, ...row }) => ({
      ...row,
      successRate: successRate({ requests: row.requests, errorCount: row.requests - row.successful })!,
      meanDurationMs: mean(durationSum, durationCount),
    }));
  });
}

export interface TopLocation {
  country: string | null;
  region: string | null;
  city: string | null;
  requests: number;
}

/** The cities asked about most in the window (10 by default). */
export async function topLocations(sql: Sql, range: FigureRange, limit = 10): Promise<TopLocation[]> {
  return readInSnapshot(sql, range, async (tx, pendingLogs) => {
    const rows = await tx<TopLocation[]>`
      SELECT nullif(country, '') AS country, nullif(region, '') AS region, nullif(city, '') AS city, sum(requests)::int AS requests
      FROM (
        SELECT country, region, city, requests FROM log_daily_locations WHERE ${inRange(tx, range)}
        UNION ALL
        SELECT ${placeColumns(tx)}, 1 FROM ${pendingLogs} AND ${hasPlace(tx)}
      ) parts
      GROUP BY parts.country, parts.region, parts.city
      ORDER BY requests DESC, parts.country, parts.region, parts.city
      LIMIT ${limit}`;
    return [...rows];
  });
}

/** Requests and ERROR-level logs per hour of day (0–23, all 24 present) in `timeZone` over the range, of one region's logs or of all. */
export async function hourOfDayFigures(
  sql: Sql,
  range: FigureRange,
  timeZone = 'UTC',
  { region }: RegionFilter = {},
): Promise<{ hour: number; requests: number; errorCount: number }[]> {
  return readInSnapshot(sql, range, async (tx, pendingLogs) => {
    const hourly = region === undefined ? tx`log_hourly_totals WHERE TRUE` : tx`log_hourly_regions WHERE region = ${region}`;
    const rows = await tx<{ hour: number; requests: number; errorCount: number }[]>`
      SELECT hours.hour, coalesce(sum(parts.requests), 0)::int AS requests, coalesce(sum(parts.error_count), 0)::int AS error_count
      FROM generate_series(0, 23) AS hours (hour)
      LEFT JOIN (
        SELECT extract(hour FROM hour AT TIME ZONE ${timeZone})::int AS hour, requests, error_count
        FROM ${hourly} AND ${inRolledUpHours(tx, range)}
        UNION ALL
        SELECT extract(hour FROM created_at AT TIME ZONE ${timeZone})::int, 1, (level = 'ERROR')::int FROM ${pendingLogs} ${inRegion(tx, region)}
      ) parts ON parts.hour = hours.hour
      GROUP BY hours.hour ORDER BY hours.hour`;
    return [...rows];
  });
}

export type PlaceTotals = Omit<LocationStats, 'uniqueUsers'> & {
  /** Logs with a duration: the weight of meanDurationMs when places are added up. */
  durationCount: number;
};

/**
 * locationStats without the distinct users: only the per-place day roll-up is read, so it stays
 * fast over a year (distinct users per place need the per-user tables).
 */
export async function placeTotals(
  sql: Sql,
  range: FigureRange,
  { level, country, limit = 100 }: { level: PlaceLevel; country?: string; limit?: number },
): Promise<PlaceTotals[]> {
  return readInSnapshot(sql, range, async (tx, pendingLogs) => {
    const inCountry = country === undefined ? tx`` : tx`AND country = ${country}`;
    const rows = await tx<(Omit<PlaceTotals, 'successRate' | 'meanDurationMs'> & { durationSum: number })[]>`
      SELECT nullif(country, '') AS country, nullif(region, '') AS region, nullif(city, '') AS city,
        sum(requests)::int AS requests, sum(requests - error_count)::int AS successful,
        sum(duration_count)::int AS duration_count, sum(duration_sum)::float8 AS duration_sum, max(last_request_at) AS last_request_at
      FROM (
        SELECT ${placeKey(tx, level)}, requests, error_count, duration_count, duration_sum, last_request_at
        FROM log_daily_locations WHERE ${inRange(tx, range)} ${inCountry}
        UNION ALL
        SELECT ${placeKey(tx, level)}, 1, (level = 'ERROR')::int, (duration_ms IS NOT NULL)::int, coalesce(duration_ms, 0), created_at
        FROM (SELECT ${placeColumns(tx)}, level, duration_ms, created_at FROM ${pendingLogs} AND ${hasPlace(tx)}) pending
        WHERE TRUE ${inCountry}
      ) parts
      GROUP BY 1, 2, 3
      -- A missing part sorts first, as in locationStats.
      ORDER BY requests DESC, coalesce(nullif(country, ''), ''), coalesce(nullif(region, ''), ''), coalesce(nullif(city, ''), '')
      LIMIT ${limit}`;
    return rows.map(({ durationSum, ...row }) => ({
      ...row,
      successRate: successRate({ requests: row.requests, errorCount: row.requests - row.successful })!,
      meanDurationMs: mean(durationSum, row.durationCount),
    }));
  });
}
