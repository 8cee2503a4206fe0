import type { Sql } from './database.js';

/** Failures from one source within the window that lock it out of the account. */
const MAX_FAILURES = 5;
const FAILURE_WINDOW_MINUTES = 15;
/**
 * Failures from all sources together within the window that put the account under attack: then a single
 * failure locks its source out. A source with no failure still gets to try, so the owner still signs in.
 */
const ACCOUNT_UNDER_ATTACK_FAILURES = 20;
const FIRST_LOCKOUT_MINUTES = 15;
const LONGEST_LOCKOUT_HOURS = 24;

/** One sign-in attempt's throttling key: the account (or unknown name) tried, and where from. */
export interface SignInAttempt {
  account: string;
  source: string;
}

/** The end of this source's lock on this account, when one holds. */
export async function signInLockedUntil(sql: Sql, attempt: SignInAttempt, now: Date): Promise<Date | undefined> {
  const [lock] = await sql<{ lockedUntil: Date }[]>`
    SELECT locked_until FROM sign_in_locks
    WHERE account = ${attempt.account} AND source = ${attempt.source} AND locked_until > ${now}`;
  return lock?.lockedUntil;
}

/**
 * Counts a failed sign-in. The fifth failure from one source within 15 minutes (since its last lock), or any
 * failure while the account is under attack, locks that source out of the account: for 15 minutes the first
 * time, and twice as long each time after (up to a day) until it signs in. Returns the lock's end when this
 * failure set one. Failures older than the window, and locks a day past their end, are forgotten.
 */
export async function recordFailedSignIn(sql: Sql, attempt: SignInAttempt, now: Date): Promise<Date | undefined> {
  const windowStart = new Date(now.getTime() - FAILURE_WINDOW_MINUTES * 60_000);
  const forgottenBefore = new Date(now.getTime() - LONGEST_LOCKOUT_HOURS * 3_600_000);
  const { account, source } = attempt;
  await sql`DELETE FROM sign_in_failures WHERE failed_at < ${windowStart}`;
  await sql`DELETE FROM sign_in_locks WHERE locked_until < ${forgottenBefore}`;
  // The counts are read in the insert's snapshot, which does not see the new row: hence the + 1s.
  const [lock] = await sql<{ lockedUntil: Date }[]>`
    WITH failed AS (
      INSERT INTO sign_in_failures (account, source, failed_at) VALUES (${account}, ${source}, ${now})
    ), counted AS (
      SELECT
        count(*) FILTER (WHERE f.source = ${source} AND f.failed_at > coalesce(l.locked_at, '-infinity')) + 1 AS from_source,
        count(*) + 1 AS from_all
      FROM sign_in_failures f
      LEFT JOIN sign_in_locks l ON l.account = f.account AND l.source = ${source}
      WHERE f.account = ${account} AND f.failed_at >= ${windowStart}
    )
    INSERT INTO sign_in_locks AS l (account, source, lockouts, locked_at, locked_until)
    SELECT ${account}, ${source}, 1, ${now}, ${now}::timestamptz + make_interval(mins => ${FIRST_LOCKOUT_MINUTES})
    FROM counted WHERE from_source >= ${MAX_FAILURES} OR from_all >= ${ACCOUNT_UNDER_ATTACK_FAILURES}
    ON CONFLICT (account, source) DO UPDATE SET
      lockouts = l.lockouts + 1,
      locked_at = EXCLUDED.locked_at,
      locked_until = EXCLUDED.locked_at + least(
        make_interval(mins => ${FIRST_LOCKOUT_MINUTES}) * power(2, l.lockouts),
        make_interval(hours => ${LONGEST_LOCKOUT_HOURS}))
    RETURNING l.locked_until`;
  return lock?.lockedUntil;
}

/** A success from a source clears its failures and lockout history for the account, and stamps the login time. */
export async function recordSuccessfulLogin(sql: Sql, userId: number, attempt: SignInAttempt, now: Date): Promise<void> {
  await sql`DELETE FROM sign_in_failures WHERE account = ${attempt.account} AND source = ${attempt.source}`;
  await sql`DELETE FROM sign_in_locks WHERE account = ${attempt.account} AND source = ${attempt.source}`;
  await sql`UPDATE admin_users SET last_login = ${now} WHERE id = ${userId}`;
}
