import type { z } from 'zod';
import {
  LoginResponseSchema,
  VerifyResponseSchema,
  type LoginRequest,
  type LogoutRequestSchema,
  type LoginResponse,
  type SessionUser,
} from '@contract/auth.js';
import { refreshAccessToken, signOutAfterUnauthorized } from '../../lib/api-client.js';
import { sessionEndOf } from '../../lib/session-end.js';
import { getAccessToken, getRefreshToken } from '../../lib/session-tokens.js';

/** A login answer the server gave, whatever its status; failed logins answer non-2xx with a body. */
export interface LoginAnswer {
  status: number;
  body: LoginResponse | undefined;
  /** The explanation of a non-2xx answer ({success:false, error, message}). */
  message: string | undefined;
}

function authorization(): Record<string, string> {
  const token = getAccessToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * POST /api/auth/login. Sent with fetch rather than apiRequest: a 401 here means wrong
 * credentials, not an expired session, so the 401 rule must not apply.
 */
export async function postLogin(request: LoginRequest): Promise<LoginAnswer> {
  const response = await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
  });
  const json: unknown = await response.json().catch(() => undefined);
  const parsed = LoginResponseSchema.safeParse(json);
  const message = typeof json === 'object' && json !== null && 'message' in json && typeof json.message === 'string' ? json.message : undefined;
  return { status: response.status, body: parsed.success ? parsed.data : undefined, message };
}

/**
 * GET /api/auth/verify with the stored token: the signed-in user, or null when the server refuses
 * the token. Rejects when no answer comes (or the server fails), which is not a refusal. An
 * expired access token is exchanged once through the refresh token, so a reload after 15 minutes
 * keeps the session. A session the server ended goes to the login screen saying why.
 */
export async function verifySession(): Promise<SessionUser | null> {
  const verify = () => fetch('/api/auth/verify', { headers: authorization() });
  let response = await verify();
  if (response.status === 401) {
    let end = sessionEndOf(await response.clone().json().catch(() => undefined));
    if (getRefreshToken()) {
      const refreshed = await refreshAccessToken();
      if (refreshed.token) response = await verify();
      else end ??= refreshed.end;
    }
    if (response.status === 401 && end) signOutAfterUnauthorized(end);
  }
  if (response.status === 401 || response.status === 403) return null;
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${response.statusText}`);
  const parsed = VerifyResponseSchema.safeParse(await response.json().catch(() => undefined));
  return parsed.success ? parsed.data.user : null;
}

/** POST /api/auth/logout, revoking the refresh token on the server. Signing out locally never waits on it succeeding. */
export async function revokeSession(): Promise<void> {
  await fetch('/api/auth/logout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...authorization() },
    body: JSON.stringify({ refreshToken: getRefreshToken() ?? undefined } satisfies z.input<typeof LogoutRequestSchema>),
  }).catch(() => undefined);
}
