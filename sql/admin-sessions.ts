import type postgres from 'postgres';
import type { Role } from '../api/contract/roles.js';
import type { SessionEnd, SessionEndReason } from '../api/contract/session-end.js';
import type { Sql } from './database.js';
import { transaction } from './transaction.js';

export interface NewSession {
  userId: number;
  refreshTokenHash: string;
  ip: string | null;
  userAgent: string | null;
  startedAt: Date;
  expiresAt: Date;
}

/** What every authenticated request needs to know of its session and user. */
export interface ActiveSession {
  sessionId: string;
  userId: number;
  username: string;
  role: Role;
  firstName: string | null;
  lastUsedAt: Date;
  /** Two-factor is on and enrolled (a secret is held), not merely required at the next sign-in. */
  twoFactorEnrolled: boolean;
  /** The "Require two-factor for admins" system setting (sql/settings.ts). */
  twoFactorRequiredSince: Date | null;
  twoFactorGraceDays: number;
}

/** A live session as its owner sees it on Settings. */
export interface LiveSession {
  id: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: Date;
  lastUsedAt: Date;
}

/** A reason a session is ended with: every one but `expired`, which no one records (time decides it). */
export type RevokeReason = Exclude<SessionEndReason, 'expired'>;

export type RotationResult =
  | { kind: 'rotated'; userId: number; sessionId: string }
  | { kind: 'reused'; userId: number }
  /** Rotated a moment ago (after `renewedSince`) while its session lives: another tab's renewal, not a copy. */
  | { kind: 'superseded' }
  /** The session is over: `end` says why when the session is known. */
  | { kind: 'invalid'; end?: SessionEnd };

/** Starts a session with its first refresh token; returns the session id. */
export async function createSession(sql: Sql, session: NewSession): Promise<string> {
  return transaction(sql, async (tx) => {
    const [row] = await tx<{ id: string }[]>`
      INSERT INTO admin_sessions (user_id, ip, user_agent, created_at, last_used_at, expires_at)
      VALUES (${session.userId}, ${session.ip}, ${session.userAgent}, ${session.startedAt}, ${session.startedAt}, ${session.expiresAt})
      RETURNING id`;
    await tx`INSERT INTO admin_refresh_tokens (token_hash, session_id) VALUES (${session.refreshTokenHash}, ${row!.id})`;
    return row!.id;
  });
}

/**
 * The session if it is live (not revoked, not expired) and its user is active, with what the
 * two-factor requirement needs: one indexed read per request.
 */
export async function findActiveSession(sql: Sql, sessionId: string, now: Date): Promise<ActiveSession | undefined> {
  const [session] = await sql<ActiveSession[]>`
    SELECT s.id AS session_id, u.id AS user_id, u.username, u.role, u.first_name, s.last_used_at,
      (u.two_factor_enabled AND u.two_factor_secret IS NOT NULL) AS two_factor_enrolled,
      ss.two_factor_required_since, ss.two_factor_grace_days
    FROM admin_sessions s
    JOIN admin_users u ON u.id = s.user_id
    JOIN system_settings ss ON ss.id
    WHERE s.id = ${sessionId} AND s.revoked_at IS NULL AND s.expires_at > ${now} AND u.is_active`;
  return session;
}

/**
 * Why a session is no longer live, for the 401 that answers it: revoked (with its recorded
 * reason), expired, or its user deactivated; the role is the user's role now. Undefined when no
 * such session exists (its user was deleted) or it is in fact live.
 */
export async function findSessionEnd(sql: Sql | postgres.TransactionSql, sessionId: string, now: Date): Promise<SessionEnd | undefined> {
  const [row] = await sql<{ revokedReason: RevokeReason | null; expired: boolean; isActive: boolean; role: Role }[]>`
    SELECT s.revoked_reason, s.expires_at <= ${now} AS expired, u.is_active, u.role
    FROM admin_sessions s
    JOIN admin_users u ON u.id = s.user_id
    WHERE s.id = ${sessionId}`;
  if (!row) return undefined;
  if (row.revokedReason) return row.revokedReason === 'role_changed' ? { reason: row.revokedReason, role: row.role } : { reason: row.revokedReason };
  if (row.expired) return { reason: 'expired' };
  if (!row.isActive) return { reason: 'deactivated' };
  return undefined;
}

/** Records that a session is used now, unless a request after `unlessUsedAfter` already did (two racing requests write once). */
export async function touchSession(sql: Sql, sessionId: string, now: Date, unlessUsedAfter: Date): Promise<void> {
  await sql`UPDATE admin_sessions SET last_used_at = ${now} WHERE id = ${sessionId} AND last_used_at <= ${unlessUsedAfter}`;
}

/** A user's live sessions, the most recently used first. */
export async function listLiveSessions(sql: Sql, userId: number, now: Date): Promise<LiveSession[]> {
  return sql<LiveSession[]>`
    SELECT id, ip, user_agent, created_at, last_used_at
    FROM admin_sessions
    WHERE user_id = ${userId} AND revoked_at IS NULL AND expires_at > ${now}
    ORDER BY last_used_at DESC, created_at DESC, id`;
}

/** Ends one live session of the given user; false when they have no such live session. */
export async function revokeOwnSession(sql: Sql, userId: number, sessionId: string, reason: RevokeReason, now: Date): Promise<boolean> {
  const revoked = await sql`
    UPDATE admin_sessions SET revoked_at = ${now}, revoked_reason = ${reason}
    WHERE id = ${sessionId} AND user_id = ${userId} AND revoked_at IS NULL AND expires_at > ${now}
    RETURNING id`;
  return revoked.length > 0;
}

/**
 * Swaps a refresh token for a new one. A token that was already rotated means it was copied: every
 * session of its user is revoked and 'reused' is answered; unless it was rotated after `renewedSince`
 * and its session lives, which is another tab of the same browser that presented it at the same moment
 * ('superseded': nothing changes).
 */
export async function rotateRefreshToken(
  sql: Sql,
  presentedHash: string,
  replacementHash: string,
  times: { now: Date; expiresAt: Date; renewedSince: Date },
): Promise<RotationResult> {
  const { now, expiresAt, renewedSince } = times;
  return transaction(sql, async (tx): Promise<RotationResult> => {
    const [token] = await tx<{ sessionId: string; rotatedAt: Date | null; userId: number; live: boolean }[]>`
      SELECT t.session_id, t.rotated_at, s.user_id,
        (s.revoked_at IS NULL AND s.expires_at > ${now} AND u.is_active) AS live
      FROM admin_refresh_tokens t
      JOIN admin_sessions s ON s.id = t.session_id
      JOIN admin_users u ON u.id = s.user_id
      WHERE t.token_hash = ${presentedHash}
      FOR UPDATE OF t`;
    if (!token) return { kind: 'invalid' };
    if (token.rotatedAt && token.live && token.rotatedAt > renewedSince) return { kind: 'superseded' };
    if (token.rotatedAt) {
      await revokeUserSessions(tx, token.userId, 'refresh_token_reused', now);
      return { kind: 'reused', userId: token.userId };
    }
    if (!token.live) return { kind: 'invalid', end: await findSessionEnd(tx, token.sessionId, now) };
    await tx`UPDATE admin_refresh_tokens SET rotated_at = ${now} WHERE token_hash = ${presentedHash}`;
    await tx`INSERT INTO admin_refresh_tokens (token_hash, session_id) VALUES (${replacementHash}, ${token.sessionId})`;
    await tx`UPDATE admin_sessions SET last_used_at = ${now}, expires_at = ${expiresAt} WHERE id = ${token.sessionId}`;
    return { kind: 'rotated', userId: token.userId, sessionId: token.sessionId };
  });
}

export async function revokeSession(sql: Sql, sessionId: string, reason: RevokeReason, now: Date): Promise<void> {
  await sql`
    UPDATE admin_sessions SET revoked_at = ${now}, revoked_reason = ${reason}
    WHERE id = ${sessionId} AND revoked_at IS NULL`;
}

/** Revokes the session a refresh token belongs to, whichever of its tokens it is. */
export async function revokeSessionByRefreshToken(sql: Sql, tokenHash: string, reason: RevokeReason, now: Date): Promise<void> {
  await sql`
    UPDATE admin_sessions SET revoked_at = ${now}, revoked_reason = ${reason}
    WHERE revoked_at IS NULL AND id = (SELECT session_id FROM admin_refresh_tokens WHERE token_hash = ${tokenHash})`;
}

/** Ends every live session of a user, but the one named in exceptSessionId. Returns how many ended. */
export async function revokeUserSessions(
  sql: Sql | postgres.TransactionSql,
  userId: number,
  reason: RevokeReason,
  now: Date,
  exceptSessionId?: string,
): Promise<number> {
  const revoked = await sql`
    UPDATE admin_sessions SET revoked_at = ${now}, revoked_reason = ${reason}
    WHERE user_id = ${userId} AND revoked_at IS NULL
      ${exceptSessionId ? sql`AND id <> ${exceptSessionId}` : sql``}
    RETURNING id`;
  return revoked.length;
}
