import type { Sql } from './database.js';
import { addLogPartitions, dropExpiredLogPartitions } from './log-partitions.js';
import { rollUpLogs } from './log-rollups.js';
import { getSystemSettings } from './settings.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far ahead the daily job makes sure partitions exist: into next month, whatever today's date. */
const MONTH_AHEAD_MS = 31 * DAY_MS;
/** Rows per DELETE: each batch is its own short transaction, so the bot's inserts never wait long. */
const DEFAULT_BATCH_SIZE = 5_000;

export interface RetentionResult {
  /** Log rows deleted. */
  deleted: number;
  /** DELETE statements it took. */
  batches: number;
}

export interface DailyRetentionResult extends RetentionResult {
  /** Whole monthly partitions dropped (their rows are counted in `deleted`). */
  partitionsDropped: number;
  /** Distinct log texts of the search (migration 041) that no row has any more. */
  textsForgotten: number;
}

/**
 * Deletes the bot_logs rows created before `before`, in batches, but only rows the roll-ups already
 * hold (id up to the watermark): the analytics of those days still answer from the roll-ups.
 */
export async function deleteRolledUpLogsBefore(sql: Sql, before: Date, { batchSize = DEFAULT_BATCH_SIZE } = {}): Promise<RetentionResult> {
  let deleted = 0;
  let batches = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM bot_logs WHERE id IN (
        SELECT id FROM bot_logs
        WHERE created_at < ${before} AND id <= (SELECT last_log_id FROM log_rollup_state)
        LIMIT ${batchSize}
      )`;
    batches += 1;
    deleted += result.count;
    if (result.count < batchSize) return { deleted, batches };
  }
}

/**
 * Forgets the search's distinct log texts (migration 041) last logged before `before`'s day that no row has
 * any more. A row written meanwhile with such a text moves its day on first, so the text is kept.
 */
export async function forgetUnusedLogTexts(sql: Sql, before: Date): Promise<number> {
  const result = await sql`
    DELETE FROM bot_log_texts t
    WHERE last_logged_on < (${before}::timestamptz AT TIME ZONE 'UTC')::date
      AND NOT EXISTS (SELECT FROM bot_logs WHERE text_id = t.id)`;
  return result.count;
}

/**
 * The daily retention job: rolls up what is new (so no old row waits another day for it), creates
 * next month's bot_logs partition ahead of its rows, drops the partitions wholly older than
 * system_settings.log_retention_days, then deletes the older rows left in the partly expired month
 * (and in the default partition), so the console shows no row past retention, as before, and forgets
 * the texts of the search that went with them.
 */
export async function applyLogRetention(sql: Sql, now: Date): Promise<DailyRetentionResult> {
  await rollUpLogs(sql);
  await addLogPartitions(sql, now, new Date(now.getTime() + MONTH_AHEAD_MS));
  const { logRetentionDays } = await getSystemSettings(sql);
  const before = new Date(now.getTime() - logRetentionDays * DAY_MS);
  const dropped = await dropExpiredLogPartitions(sql, before);
  const deleted = await deleteRolledUpLogsBefore(sql, before);
  const textsForgotten = await forgetUnusedLogTexts(sql, before);
  return { deleted: dropped.rows + deleted.deleted, batches: deleted.batches, partitionsDropped: dropped.partitions, textsForgotten };
}
