import type { Sql } from './database.js';
import { DatabaseUnavailableError, unavailableReason } from './errors.js';

export type DatabaseProbe = { reachable: true } | { reachable: false; reason: string };
/** Asks whether the database answers within timeoutMs (Database.probe). */
export type DatabaseProber = (timeoutMs: number) => Promise<DatabaseProbe>;

/**
 * Asks the database for `SELECT 1` and gives up after timeoutMs: what the health check and the
 * request deadline use to tell an outage from a slow request.
 */
export async function probeDatabase(sql: Sql, timeoutMs: number): Promise<DatabaseProbe> {
  try {
    await withinDeadline(sql`SELECT 1`, timeoutMs);
    return { reachable: true };
  } catch (error) {
    return { reachable: false, reason: unavailableReason(error) };
  }
}

/**
 * Waits for a query at most timeoutMs, then rejects with DatabaseUnavailableError('timeout'). The query
 * is not cancelled: postgres.js cancels a running query over a new connection and leaves that
 * attempt's failure unhandled, which would end the process while the database is away; a query left
 * behind fails by itself once its connection attempt does.
 */
export async function withinDeadline<T>(query: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError('timeout')), timeoutMs);
  });
  try {
    return await Promise.race([query, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
