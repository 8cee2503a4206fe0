import type { Sql } from './database.js';

/** Stores per-day usage counts, adding to counts already there. */
export async function addDailyUsage(sql: Sql, rows: { telegramId: number; day: string; used: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO daily_usage AS usage (telegram_id, usage_date, used)
    SELECT * FROM unnest(${rows.map((row) => row.telegramId)}::bigint[], ${rows.map((row) => row.day)}::date[],
      ${rows.map((row) => row.used)}::int[])
    ON CONFLICT (telegram_id, usage_date) DO UPDATE SET used = usage.used + excluded.used`;
}
