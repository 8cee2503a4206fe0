import type postgres from 'postgres';
import type { Sql } from './database.js';
import { transaction } from './transaction.js';

type Fragment = postgres.PendingQuery<postgres.Row[]>;

/** Any fixed number: roll-up runs in several processes or overlapping calls take turns. */
const ROLLUP_LOCK_ID = 7_261_007;
/** Log ids per transaction, so a first roll-up of millions of rows commits as it goes. */
const DEFAULT_CHUNK_IDS = 250_000;

/**
 * The roll-up columns shared by log_hourly_totals and log_daily_totals, aggregated over log rows
 * (the roll-up itself, and readers adding the rows not rolled up yet).
 */
export function totalsAggregates(sql: Sql): Fragment {
  return sql`
    count(*)::int AS requests,
    count(*) FILTER (WHERE level = 'DEBUG')::int AS debug_count,
    count(*) FILTER (WHERE level = 'INFO')::int AS info_count,
    count(*) FILTER (WHERE level = 'WARN')::int AS warn_count,
    count(*) FILTER (WHERE level = 'ERROR')::int AS error_count,
    count(duration_ms)::int AS duration_count,
    coalesce(sum(duration_ms), 0)::bigint AS duration_sum`;
}
const TOTALS_COLUMNS = ['requests', 'debug_count', 'info_count', 'warn_count', 'error_count', 'duration_count', 'duration_sum'];

/** A log row's place as the roll-ups key it: '' for a missing part. */
export function placeColumns(sql: Sql): Fragment {
  return sql`coalesce(country, '') AS country, coalesce(region, '') AS region, coalesce(city, '') AS city`;
}
/** The condition for a log row that names a place. */
export function hasPlace(sql: Sql): Fragment {
  return sql`(coalesce(country, '') || coalesce(region, '') || coalesce(city, '')) <> ''`;
}

/** `a = t.a + excluded.a, …`: an upsert adding the new counts to the stored ones. */
function addedUp(sql: Sql, columns: string[]): Fragment {
  const terms = columns.map((column) => sql`${sql(column)} = t.${sql(column)} + excluded.${sql(column)}`);
  return terms.slice(1).reduce((all, term) => sql`${all}, ${term}`, terms[0]!);
}

export interface RollUpResult {
  /** Log rows added to the roll-ups by this call. */
  logsRolledUp: number;
  /** The highest log id the roll-ups now cover. */
  lastLogId: number;
}

/**
 * Adds the log rows written since the last run to the roll-up tables and moves the watermark, in
 * transactions of at most `chunkIds` ids. Incremental and idempotent: a row is added exactly once,
 * whether runs overlap, repeat or crash half-way. Readers add the rows above the watermark
 * themselves, so the still-open hour and day are counted without re-rolling them.
 */
export async function rollUpLogs(sql: Sql, { chunkIds = DEFAULT_CHUNK_IDS }: { chunkIds?: number } = {}): Promise<RollUpResult> {
  const highWater = await committedHighWater(sql);
  let logsRolledUp = 0;
  for (;;) {
    const step = await transaction(sql, async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(${ROLLUP_LOCK_ID})`;
      // The planner cannot tell how few rows a run has; compiling its statements costs more than running them.
      await tx`SET LOCAL jit = off`;
      const [state] = await tx<{ lastLogId: number }[]>`SELECT last_log_id FROM log_rollup_state WHERE id`;
      const after = state!.lastLogId;
      if (after >= highWater) return { logs: 0, lastLogId: after, done: true };
      const upTo = Math.min(highWater, after + chunkIds);
      const logs = await addToRollups(tx, after, upTo);
      await tx`UPDATE log_rollup_state SET last_log_id = ${upTo}, rolled_up_at = now() WHERE id`;
      return { logs, lastLogId: upTo, done: upTo >= highWater };
    });
    logsRolledUp += step.logs;
    if (step.done) return { logsRolledUp, lastLogId: step.lastLogId };
  }
}

/**
 * The highest log id up to which every row is committed. Ids are handed out at insert time, so a
 * row with a lower id can commit after one with a higher id; waiting in SHARE mode for the
 * transactions writing bot_logs to end closes that gap, and the lock is released at once.
 */
async function committedHighWater(sql: Sql): Promise<number> {
  return transaction(sql, async (tx) => {
    // Inserts queue behind a waiting lock: give up soon and let the next run try again.
    await tx`SET LOCAL lock_timeout = '2s'`;
    await tx`LOCK TABLE bot_logs IN SHARE MODE`;
    const [row] = await tx<{ maxId: number }[]>`SELECT coalesce(max(id), 0)::bigint AS max_id FROM bot_logs`;
    return row!.maxId;
  });
}

/** Adds the log rows with ids in (after, upTo] to every roll-up table; returns how many there were. */
async function addToRollups(sql: Sql, after: number, upTo: number): Promise<number> {
  const batch = sql`bot_logs WHERE id > ${after} AND id <= ${upTo}`;

  const [added] = await sql<{ logs: number }[]>`
    WITH per_day AS (
      SELECT log_rollup_day(created_at) AS day, ${totalsAggregates(sql)} FROM ${batch} GROUP BY 1
    ), stored AS (
      INSERT INTO log_daily_totals AS t (day, ${sql(TOTALS_COLUMNS)}) SELECT * FROM per_day
      ON CONFLICT (day) DO UPDATE SET ${addedUp(sql, TOTALS_COLUMNS)}
    )
    SELECT coalesce(sum(requests), 0)::int AS logs FROM per_day`;
  if (added!.logs === 0) return 0;

  await sql`
    INSERT INTO log_hourly_totals AS t (hour, ${sql(TOTALS_COLUMNS)})
    SELECT log_rollup_hour(created_at), ${totalsAggregates(sql)} FROM ${batch} GROUP BY 1
    ON CONFLICT (hour) DO UPDATE SET ${addedUp(sql, TOTALS_COLUMNS)}`;
  await sql`
    INSERT INTO log_daily_durations AS t (day, bucket, logs)
    SELECT log_rollup_day(created_at), log_duration_bucket(duration_ms), count(*)
    FROM ${batch} AND duration_ms IS NOT NULL GROUP BY 1, 2
    ON CONFLICT (day, bucket) DO UPDATE SET ${addedUp(sql, ['logs'])}`;
  await sql`
    INSERT INTO log_daily_locations AS t (day, country, region, city, requests, error_count, duration_count, duration_sum, last_request_at)
    SELECT log_rollup_day(created_at) AS day, ${placeColumns(sql)}, count(*), count(*) FILTER (WHERE level = 'ERROR'),
      count(duration_ms), coalesce(sum(duration_ms), 0), max(created_at)
    FROM ${batch} AND ${hasPlace(sql)} GROUP BY 1, 2, 3, 4
    ON CONFLICT (day, country, region, city) DO UPDATE SET ${addedUp(sql, ['requests', 'error_count', 'duration_count', 'duration_sum'])},
      last_request_at = greatest(t.last_request_at, excluded.last_request_at)`;
  await sql`
    INSERT INTO log_hourly_regions AS t (hour, country, region, requests, error_count, duration_count, duration_sum)
    SELECT log_rollup_hour(created_at), coalesce(country, ''), coalesce(region, ''), count(*), count(*) FILTER (WHERE level = 'ERROR'),
      count(duration_ms), coalesce(sum(duration_ms), 0)
    FROM ${batch} AND ${hasPlace(sql)} GROUP BY 1, 2, 3
    ON CONFLICT (hour, country, region) DO UPDATE SET ${addedUp(sql, ['requests', 'error_count', 'duration_count', 'duration_sum'])}`;
  await sql`
    INSERT INTO log_daily_region_durations AS t (day, country, region, bucket, logs)
    SELECT log_rollup_day(created_at), coalesce(country, ''), coalesce(region, ''), log_duration_bucket(duration_ms), count(*)
    FROM ${batch} AND duration_ms IS NOT NULL AND ${hasPlace(sql)} GROUP BY 1, 2, 3, 4
    ON CONFLICT (day, country, region, bucket) DO UPDATE SET ${addedUp(sql, ['logs'])}`;
  await sql`
    INSERT INTO log_daily_users AS t (day, user_id, country, region, city, requests, last_request_at)
    SELECT log_rollup_day(created_at) AS day, user_id, ${placeColumns(sql)}, count(*), max(created_at)
    FROM ${batch} AND user_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (day, user_id, country, region, city) DO UPDATE SET ${addedUp(sql, ['requests'])},
      last_request_at = greatest(t.last_request_at, excluded.last_request_at)`;
  await sql`
    INSERT INTO log_monthly_users AS t (month, user_id, country, region, city, requests, last_request_at)
    SELECT date_trunc('month', log_rollup_day(created_at))::date AS month, user_id, ${placeColumns(sql)}, count(*), max(created_at)
    FROM ${batch} AND user_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (month, user_id, country, region, city) DO UPDATE SET ${addedUp(sql, ['requests'])},
      last_request_at = greatest(t.last_request_at, excluded.last_request_at)`;
  await sql`
    INSERT INTO log_hourly_languages AS t (hour, language, requests)
    SELECT log_rollup_hour(created_at), language, count(*)
    FROM ${batch} AND language IS NOT NULL GROUP BY 1, 2
    ON CONFLICT (hour, language) DO UPDATE SET ${addedUp(sql, ['requests'])}`;
  // Distinct counts do not add up: recount the days that got new users, each from its own index range.
  await sql`
    UPDATE log_daily_totals t
    SET unique_users = (SELECT count(DISTINCT user_id) FROM log_daily_users u WHERE u.day = t.day)
    WHERE t.day IN (SELECT DISTINCT log_rollup_day(created_at) FROM ${batch} AND user_id IS NOT NULL)`;
  return added!.logs;
}
