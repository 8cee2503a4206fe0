import type { Sql } from './database.js';
import { DatabaseUnavailableError, unavailableReason } from './errors.js';

export type DatabaseProbe = { reachable: true } | { reachable: false; reason: string };

/**
 * Asks the database for `SELECT 1` and gives up after timeoutMs, cancelling the query so it does
 * not stay queued: what the health check and the request deadline use to tell an outage from a
 * slow request.
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
 * Runs a query but rejects with DatabaseUnavailableError('timeout') once timeoutMs have passed,
 * cancelling it (a query still waiting for a connection leaves the queue at once).
 */
export async function withinDeadline<T>(query: Promise<T> & { cancel(): unknown }, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void Promise.resolve(query.cancel()).catch(() => {});
      reject(new DatabaseUnavailableError('timeout'));
    }, timeoutMs);
  });
  try {
    return await Promise.race([query, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
