import type { Database, Sql } from './database.js';
import { DatabaseUnavailableError, unavailableReason } from './errors.js';

export type DatabaseProbe = { reachable: true } | { reachable: false; reason: string };
/** Asks whether the database answers within timeoutMs. */
export type DatabaseProber = (timeoutMs: number) => Promise<DatabaseProbe>;

/**
 * How health checks and request deadlines ask whether the database answers. An external server is asked
 * `SELECT 1` on the probe's own connection, so the check does not queue behind the pool's waiting
 * queries. The embedded database has one session, where it would queue behind all of them: a busy
 * database is not an absent one, so its thread is asked instead, which answers between two statements.
 */
export function databaseProber(database: { probeSql: Sql } & Pick<Database, 'ping'>): DatabaseProber {
  const { probeSql, ping } = database;
  if (!ping) return (timeoutMs) => probeDatabase(probeSql, timeoutMs);
  return (timeoutMs) =>
    withinDeadline(ping(), timeoutMs).then(
      (): DatabaseProbe => ({ reachable: true }),
      (error: unknown): DatabaseProbe => ({ reachable: false, reason: unavailableReason(error) }),
    );
}

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
