import type { Sql } from './database.js';

/**
 * Takes one request from a user's allowance for the day, in one statement, so concurrent
 * requests can never pass the limit. limit null means unlimited (whitelisted admins).
 * Returns the count used after this request, or undefined when the limit was already reached.
 */
export async function consumeDailyRequest(sql: Sql, telegramId: number, day: string, limit: number | null): Promise<number | undefined> {
  const [row] = await sql<{ used: number }[]>`
    INSERT INTO daily_usage AS usage (telegram_id, usage_date, used)
    SELECT ${telegramId}, ${day}::date, 1 WHERE ${limit}::int IS NULL OR ${limit}::int > 0
    ON CONFLICT (telegram_id, usage_date) DO UPDATE SET used = usage.used + 1
      WHERE ${limit}::int IS NULL OR usage.used < ${limit}::int
    RETURNING used`;
  return row?.used;
}

/** Gives back a request that did not end in an answer with results. */
export async function refundDailyRequest(sql: Sql, telegramId: number, day: string): Promise<void> {
  await sql`
    UPDATE daily_usage SET used = greatest(used - 1, 0)
    WHERE telegram_id = ${telegramId} AND usage_date = ${day}::date`;
}

export async function usedToday(sql: Sql, telegramId: number, day: string): Promise<number> {
  const [row] = await sql<{ used: number }[]>`
    SELECT used FROM daily_usage WHERE telegram_id = ${telegramId} AND usage_date = ${day}::date`;
  return row?.used ?? 0;
}

/** Staff give a user their full allowance back for the day; returns the count it had. */
export async function resetDailyUsage(sql: Sql, telegramId: number, day: string): Promise<number> {
  const [row] = await sql<{ used: number }[]>`
    DELETE FROM daily_usage WHERE telegram_id = ${telegramId} AND usage_date = ${day}::date RETURNING used`;
  return row?.used ?? 0;
}

/** Stores per-day usage counts, adding to counts already there. */
export async function addDailyUsage(sql: Sql, rows: { telegramId: number; day: string; used: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO daily_usage AS usage (telegram_id, usage_date, used)
    SELECT * FROM unnest(${rows.map((row) => row.telegramId)}::bigint[], ${rows.map((row) => row.day)}::date[],
      ${rows.map((row) => row.used)}::int[])
    ON CONFLICT (telegram_id, usage_date) DO UPDATE SET used = usage.used + excluded.used`;
}
