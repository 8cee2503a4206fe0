import type { QueryFunctionContext } from '@tanstack/react-query';
import type { ErrorResponse } from '@contract/errors.js';
import type { z } from 'zod';
import { RefreshResponseSchema, type RefreshRequestSchema } from '@contract/auth.js';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from './session-tokens.js';
import { noteApiStatus } from './database-outage.js';
import { sessionEndOf, sessionEndQuery } from './session-end.js';
import type { SessionEnd } from '@contract/session-end.js';

/** A non-OK answer, carrying the server's own message for toasts (spec §8). */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: Partial<ErrorResponse> | undefined,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  /** The server's explanation, when it gave one. */
  get serverMessage(): string | undefined {
    return this.body?.message;
  }
}

/** The API's answer while the database is away: worth waiting for, not an error of the screen. */
export function isServiceUnavailable(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 503;
}

/** The server's message of an error thrown by a call, else the fallback text. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * The server's per-field messages of a refused form (a 400 names each field), for showing beside the
 * inputs; empty for any other error.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  return error instanceof ApiRequestError ? (error.body?.fields ?? {}) : {};
}

/** A refresh that failed because the server ended the session, carrying why. */
class SessionEndedError extends Error {
  constructor(readonly end: SessionEnd) {
    super('Failed to refresh token');
    this.name = 'SessionEndedError';
  }
}

/** What a token refresh came to: the new access token, or null and, when the server said, why the session ended. */
export interface RefreshOutcome {
  token: string | null;
  end?: SessionEnd;
}

let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Runs a token exchange while no other tab of this browser runs one. The tabs share the stored pair, and a
 * refresh token presented twice ends every session of the account as stolen: two tabs renewing at once
 * (a laptop waking with both open) signed the person out everywhere.
 */
function acrossTabs(exchange: () => Promise<RefreshOutcome>): Promise<RefreshOutcome> {
  if (typeof navigator === 'undefined' || !navigator.locks) return exchange();
  // Held until the exchange settles; `then` unwraps the promise that the lock's typing leaves wrapped.
  return navigator.locks.request('medcontacts-token-refresh', exchange).then((outcome) => outcome);
}

/** How long a tab waits for the pair another tab renewed to reach its storage, and how often it looks. */
const RENEWED_ELSEWHERE_WAIT_MS = 3000;
const RENEWED_ELSEWHERE_POLL_MS = 50;

/**
 * The access token of the pair another tab stored in place of `replaced`: storage shared by tabs reaches
 * each of them a little later. Throws when it has not come in time, as a failed refresh does.
 */
async function renewedElsewhere(replaced: string): Promise<string> {
  const deadline = Date.now() + RENEWED_ELSEWHERE_WAIT_MS;
  for (;;) {
    const refreshToken = getRefreshToken();
    const accessToken = getAccessToken();
    if (refreshToken && refreshToken !== replaced && accessToken) return accessToken;
    if (Date.now() > deadline) throw new Error('Failed to refresh token');
    await new Promise((resolve) => setTimeout(resolve, RENEWED_ELSEWHERE_POLL_MS));
  }
}

/**
 * Exchanges the refresh token for a new pair (spec §4). Concurrent callers share one exchange, and
 * tabs take turns (acrossTabs), because a refresh token is single-use: presenting it twice would end
 * every session.
 */
export function refreshAccessToken(): Promise<RefreshOutcome> {
  const presented = getRefreshToken();
  refreshing ??= acrossTabs(async (): Promise<RefreshOutcome> => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) throw new Error('No refresh token available');
    // Another tab of this browser renewed the pair while this one waited: the stored pair is the new one.
    const accessToken = getAccessToken();
    if (refreshToken !== presented && accessToken) return { token: accessToken };
    const response = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ refreshToken } satisfies z.input<typeof RefreshRequestSchema>),
    });
    // Another tab renewed this pair a moment ago, and its new pair has not reached this tab's storage yet.
    if (response.status === 409) return { token: await renewedElsewhere(refreshToken) };
    const body: unknown = await response.json().catch(() => undefined);
    const parsed = RefreshResponseSchema.safeParse(response.ok ? body : undefined);
    if (!parsed.success) {
      const end = response.status === 401 ? sessionEndOf(body) : undefined;
      throw end ? new SessionEndedError(end) : new Error('Failed to refresh token');
    }
    storeTokens(parsed.data.token, parsed.data.refreshToken);
    return { token: parsed.data.token };
  })
    .catch((error: unknown): RefreshOutcome => {
      clearTokens();
      return { token: null, end: error instanceof SessionEndedError ? error.end : undefined };
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

/**
 * Set by the first sign-out: a screen's queries get their 401s together, and a second assign would
 * abort the first one's navigation. The login page loads anew, which resets it.
 */
let leaving = false;

/**
 * The 401 rule of spec §8: forget the session and go to the login screen, telling it why the
 * server ended the session when it said, so the person is not left at a bare login form.
 */
export function signOutAfterUnauthorized(end?: SessionEnd): void {
  clearTokens();
  if (leaving || window.location.pathname.includes('/login')) return;
  leaving = true;
  const reason = sessionEndQuery(end);
  window.location.assign(`/login?clear=1${reason && `&${reason}`}`);
}

/** What a call may add to its request. */
export interface RequestOptions {
  /** Sent as Idempotency-Key: the server does a create once per key, however often the request arrives. */
  idempotencyKey?: string;
  /** Asks for figures computed now, not the ones the server keeps a while (Refresh): sent as Cache-Control: no-cache. */
  fresh?: boolean;
  /** A file sent as the body itself, streamed by the browser as it reads it, with this media type (a CSV import). */
  file?: { body: Blob; contentType: string };
}

/**
 * A fresh key for one form submission. From getRandomValues, which, unlike crypto.randomUUID, also works
 * when the console is served over plain HTTP.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function send(method: string, url: string, body: unknown, retryAfterRefresh: boolean, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = {};
  // Also on the retry after a token refresh below: that is the same submission.
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  if (options.fresh) headers['Cache-Control'] = 'no-cache';
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.file) headers['Content-Type'] = options.file.contentType;
  const response = await fetch(url, { method, headers, body: options.file?.body ?? (body === undefined ? undefined : JSON.stringify(body)) });
  if (response.status !== 401) {
    noteApiStatus(response.status);
    return response;
  }
  // Read from a copy: the caller reads the answer itself.
  let end = sessionEndOf(await readBody(response.clone()));
  if (retryAfterRefresh && token && getRefreshToken()) {
    const refreshed = await refreshAccessToken();
    if (refreshed.token) return send(method, url, body, false, options);
    end ??= refreshed.end;
  }
  signOutAfterUnauthorized(end);
  noteApiStatus(response.status);
  return response;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The generic helper of spec §7: any method, an optional JSON body, parsed JSON back. */
export async function apiRequest<T>(method: string, url: string, body?: unknown, options?: RequestOptions): Promise<T> {
  const response = await send(method, url, body, true, options);
  const data = await readBody(response);
  if (!response.ok) {
    throw new ApiRequestError(`HTTP error! status: ${response.status}`, response.status, data as Partial<ErrorResponse>);
  }
  return data as T;
}

/** The default query function of spec §7: GET on the first element of the query key. */
export async function defaultQueryFn({ queryKey }: QueryFunctionContext): Promise<unknown> {
  const response = await send('GET', String(queryKey[0]), undefined, true);
  const data = await readBody(response);
  if (!response.ok) {
    throw new ApiRequestError(`HTTP ${response.status}: ${response.statusText}`, response.status, data as Partial<ErrorResponse>);
  }
  return data;
}
