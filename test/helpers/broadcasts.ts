import type { TelegramSimulator } from '../../bot/simulator/index.js';
import type { Sql } from '../../sql/database.js';
import { until } from './wait.js';

/** `count` bot users with consecutive Telegram ids from `firstId`, in the database and (when given) the simulator. */
export async function someBotUsers(sql: Sql, count: number, firstId: number, sim?: TelegramSimulator): Promise<number[]> {
  const ids = Array.from({ length: count }, (_, index) => firstId + index);
  await sql`
    INSERT INTO telegram_users (telegram_id, first_name, username)
    SELECT id, 'Ann ' || id, 'user' || id FROM unnest(${ids}::bigint[]) AS id`;
  for (const id of ids) sim?.upsertUser({ id, first_name: `Ann ${id}`, username: `user${id}` });
  return ids;
}

/** The largest number of timestamps (epoch ms) in any window of `windowMs`. */
export function busiestWindow(timestamps: number[], windowMs = 1000): number {
  const sorted = [...timestamps].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while (sorted[end]! - sorted[start]! >= windowMs) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

/** Resolves once the broadcast is no longer queued, sending, or interrupted (waiting to resume). */
export async function untilFinished(sql: Sql, broadcastId: number, timeoutMs = 60_000): Promise<string> {
  let status: string | undefined;
  await until(async () => {
    const [row] = await sql<{ status: string }[]>`SELECT status FROM broadcasts WHERE id = ${broadcastId}`;
    status = row?.status;
    return status !== undefined && !['queued', 'sending', 'interrupted'].includes(status);
  }, `broadcast ${broadcastId} to finish`, timeoutMs);
  return status!;
}
