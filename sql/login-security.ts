import type { Sql } from './database.js';

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MINUTES = 15;
const FIRST_LOCKOUT_MINUTES = 15;
const LONGEST_LOCKOUT_HOURS = 24;

/**
 * Counts a failed sign-in. The fifth failure within 15 minutes locks the account, for 15 minutes
 * the first time and twice as long each time after (up to a day) until a sign-in succeeds.
 * Returns the lock's end when this failure locked the account.
 */
export async function recordFailedLogin(sql: Sql, userId: number, now: Date): Promise<Date | undefined> {
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MINUTES * 60_000);
  const [row] = await sql<{ lockedNow: boolean; lockedUntil: Date | null }[]>`
    WITH counted AS (
      SELECT id,
        CASE WHEN first_failed_login_at IS NULL OR first_failed_login_at <= ${windowStart}
          THEN 1 ELSE failed_login_count + 1 END AS failures,
        CASE WHEN first_failed_login_at IS NULL OR first_failed_login_at <= ${windowStart}
          THEN ${now}::timestamptz ELSE first_failed_login_at END AS first_at
      FROM admin_users WHERE id = ${userId}
      FOR UPDATE
    )
    UPDATE admin_users u SET
      failed_login_count = CASE WHEN c.failures >= ${MAX_FAILURES} THEN 0 ELSE c.failures END,
      first_failed_login_at = CASE WHEN c.failures >= ${MAX_FAILURES} THEN NULL ELSE c.first_at END,
      locked_until = CASE WHEN c.failures >= ${MAX_FAILURES}
        THEN ${now}::timestamptz + least(
          make_interval(mins => ${FIRST_LOCKOUT_MINUTES}) * power(2, u.lockout_count),
          make_interval(hours => ${LONGEST_LOCKOUT_HOURS}))
        ELSE u.locked_until END,
      lockout_count = CASE WHEN c.failures >= ${MAX_FAILURES} THEN u.lockout_count + 1 ELSE u.lockout_count END
    FROM counted c
    WHERE u.id = c.id
    RETURNING c.failures >= ${MAX_FAILURES} AS locked_now, u.locked_until`;
  return row?.lockedNow ? (row.lockedUntil ?? undefined) : undefined;
}

/** Clears the failure count and lockout history, and stamps the login time. */
export async function recordSuccessfulLogin(sql: Sql, userId: number, now: Date): Promise<void> {
  await sql`
    UPDATE admin_users SET
      failed_login_count = 0, first_failed_login_at = NULL, lockout_count = 0, locked_until = NULL,
      last_login = ${now}
    WHERE id = ${userId}`;
}
