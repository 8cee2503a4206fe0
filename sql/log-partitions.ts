import type { Sql } from './database.js';
import { transaction } from './transaction.js';

/**
 * Makes sure bot_logs has its monthly partitions (migration 028) from the month of `from` through the
 * month of `until`, and moves rows waiting in the default partition into the months created for them.
 * Returns how many partitions it created.
 */
export async function addLogPartitions(sql: Sql, from: Date, until: Date): Promise<number> {
  const [row] = await sql<{ added: number }[]>`SELECT bot_logs_add_partitions(${from}, ${until}) AS added`;
  return row!.added;
}

export interface DroppedPartitions {
  /** Partitions dropped. */
  partitions: number;
  /** Log rows they held. */
  rows: number;
}

/**
 * Drops the bot_logs partitions whose whole month ends at or before `before`, but only those whose rows
 * the roll-ups already hold (id up to the watermark), taking their rows out of the per-level counts of
 * migration 008 first: a dropped table fires no delete trigger.
 */
export async function dropExpiredLogPartitions(sql: Sql, before: Date): Promise<DroppedPartitions> {
  const expired = await sql<{ name: string }[]>`
    SELECT name FROM (
      SELECT c.relname AS name,
        (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'TO [(]''([^'']+)''[)]'))[1]::timestamptz AS ends
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'bot_logs'::regclass
    ) partitions
    WHERE ends <= ${before}
    ORDER BY ends`;
  const dropped: DroppedPartitions = { partitions: 0, rows: 0 };
  for (const { name } of expired) {
    const rows = await transaction(sql, async (tx) => {
      // Writers wait (readers do not) while the month's rows are counted, so the counts stay exact; the
      // lock is taken before the counters are touched, the order inserts use (bot_logs, then the
      // counters), so the two cannot deadlock. If writers hold it long, the next day's run tries again.
      await tx`SET LOCAL lock_timeout = '5s'`;
      await tx`LOCK TABLE bot_logs IN SHARE MODE`;
      const [held] = await tx<{ rows: number; rolledUp: boolean }[]>`
        SELECT count(*)::int AS rows, coalesce(max(id), 0) <= (SELECT last_log_id FROM log_rollup_state) AS rolled_up
        FROM ${tx(name)}`;
      if (!held!.rolledUp) return undefined;
      const gone = await tx<{ level: string; rows: number }[]>`SELECT level, count(*)::int AS rows FROM ${tx(name)} GROUP BY level ORDER BY level`;
      // Dropping the partition needs this; readers wait for the moment it takes.
      await tx`LOCK TABLE bot_logs IN ACCESS EXCLUSIVE MODE`;
      for (const { level, rows } of gone) await tx`UPDATE bot_log_level_counts SET count = count - ${rows} WHERE level = ${level}`;
      await tx`DROP TABLE ${tx(name)}`;
      return held!.rows;
    });
    if (rows === undefined) continue;
    dropped.partitions += 1;
    dropped.rows += rows;
  }
  return dropped;
}
