import type { Sql } from './database.js';

/** How long a trivial query takes, in milliseconds; undefined when the database does not answer. */
export async function databaseLatencyMs(sql: Sql): Promise<number | undefined> {
  const startedAt = performance.now();
  try {
    await sql`SELECT 1`;
    return Math.round((performance.now() - startedAt) * 10) / 10;
  } catch {
    return undefined;
  }
}

export interface RecentRequests {
  requests: number;
  errors: number;
  /** Requests that took longer than the given duration. */
  slow: number;
}

/** What the bot recorded since `since` (bot_logs is indexed by created_at). */
export async function recentRequests(sql: Sql, since: Date, slowerThanMs: number): Promise<RecentRequests> {
  const [row] = await sql<RecentRequests[]>`
    SELECT count(*)::int AS requests,
      count(*) FILTER (WHERE level = 'ERROR')::int AS errors,
      count(*) FILTER (WHERE duration_ms > ${slowerThanMs})::int AS slow
    FROM bot_logs WHERE created_at >= ${since}`;
  return row!;
}

/** Broadcast messages waiting for the sender. */
export async function broadcastQueueDepth(sql: Sql): Promise<number> {
  const [row] = await sql<{ depth: number }[]>`SELECT count(*)::int AS depth FROM broadcast_recipients WHERE status = 'pending'`;
  return row!.depth;
}
