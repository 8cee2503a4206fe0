import type { Sql } from './database.js';
import { consumeDailyRequest } from './daily-usage.js';
import { transaction } from './transaction.js';

/** What charging a Mini App search did: took a daily request, took none (within the free window), or found the limit reached. */
export type MiniAppCharge = 'charged' | 'free' | 'limit_reached';

class LimitReached extends Error {}

/**
 * Charges a Mini App search: one daily request unless the user's last charged search was at most
 * `freeWindowMs` ago. The window's start and the request move together in one transaction, the
 * charge row locked meanwhile, so two searches at once are charged once.
 * A search refused by the limit leaves the window where it was.
 */
export async function chargeMiniAppSearch(
  sql: Sql,
  search: { telegramId: number; day: string; limit: number | null; at: Date; freeWindowMs: number },
): Promise<MiniAppCharge> {
  const { telegramId, day, limit, at, freeWindowMs } = search;
  const windowStart = new Date(at.getTime() - freeWindowMs);
  // Most searches are map moves within the window: one read answers them. Two searches that both find
  // it over meet at the row lock below, where the second finds the first's window and is free.
  const [last] = await sql<{ chargedAt: Date }[]>`SELECT charged_at FROM mini_app_charges WHERE telegram_id = ${telegramId}`;
  if (last && last.chargedAt >= windowStart) return 'free';
  try {
    return await transaction(sql, async (tx) => {
      const due = await tx`
        INSERT INTO mini_app_charges AS c (telegram_id, charged_at) VALUES (${telegramId}, ${at})
        ON CONFLICT (telegram_id) DO UPDATE SET charged_at = excluded.charged_at
          WHERE c.charged_at < ${windowStart}
        RETURNING telegram_id`;
      if (due.length === 0) return 'free';
      if ((await consumeDailyRequest(tx, telegramId, day, limit)) === undefined) throw new LimitReached();
      return 'charged';
    });
  } catch (error) {
    if (error instanceof LimitReached) return 'limit_reached';
    throw error;
  }
}
