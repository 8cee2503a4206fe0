import type { Sql } from '../../sql/database.js';
import { createSession, rotateRefreshToken } from '../../sql/admin-sessions.js';
import type { SessionEnd } from '../contract/session-end.js';
import { REFRESH_TOKEN_TTL_DAYS, hashToken, randomToken, type AccessTokens } from './tokens.js';

export interface AuthDeps {
  sql: Sql;
  tokens: AccessTokens;
  now: () => Date;
}

export interface TokenPair {
  token: string;
  refreshToken: string;
}

const refreshExpiry = (now: Date) => new Date(now.getTime() + REFRESH_TOKEN_TTL_DAYS * 86_400_000);

/** Opens a session for a user who has just proved who they are. */
export async function startSession(
  deps: AuthDeps,
  userId: number,
  client: { ip: string | null; userAgent: string | null },
): Promise<TokenPair> {
  const refreshToken = randomToken();
  const now = deps.now();
  const sessionId = await createSession(deps.sql, {
    userId,
    refreshTokenHash: hashToken(refreshToken),
    ip: client.ip,
    userAgent: client.userAgent,
    startedAt: now,
    expiresAt: refreshExpiry(now),
  });
  return { token: await deps.tokens.sign({ userId, sessionId }), refreshToken };
}

/**
 * How long after its renewal a refresh token presented again is taken for another tab of the same
 * browser, which shares the stored pair and read the old one at the same moment, not for a copy:
 * ample for one renewal's round trip and the other tab's storage to catch up.
 */
const SUPERSEDED_GRACE_MS = 10_000;

/**
 * Rotates a refresh token: the new pair, or why not — the session's end when it is known (revoked,
 * expired, or ended now because this token was already used), else nothing (an unknown token).
 */
export async function refreshSession(
  deps: AuthDeps,
  refreshToken: string,
): Promise<{ pair: TokenPair; end?: undefined; superseded?: undefined } | { pair?: undefined; end?: SessionEnd; superseded?: boolean }> {
  const replacement = randomToken();
  const now = deps.now();
  const renewedSince = new Date(now.getTime() - SUPERSEDED_GRACE_MS);
  const result = await rotateRefreshToken(deps.sql, hashToken(refreshToken), hashToken(replacement), { now, expiresAt: refreshExpiry(now), renewedSince });
  if (result.kind === 'superseded') return { superseded: true };
  if (result.kind === 'reused') return { end: { reason: 'refresh_token_reused' } };
  if (result.kind === 'invalid') return { end: result.end };
  return { pair: { token: await deps.tokens.sign({ userId: result.userId, sessionId: result.sessionId }), refreshToken: replacement } };
}
