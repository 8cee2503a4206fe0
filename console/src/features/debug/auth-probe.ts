import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { LoginRequest } from '@contract/auth.js';
import { clearBrowserState } from '../../lib/browser-state.js';
import { getAccessToken, storeTokens } from '../../lib/session-tokens.js';

/** One raw exchange with the server, kept whole so a failing sign-in can be diagnosed. */
export interface ProbeResult {
  id: number;
  verdict: string;
  ok: boolean;
  request: string;
  status?: number;
  statusText?: string;
  durationMs?: number;
  bodyText?: string;
  parseError?: string;
  networkError?: string;
}

interface RawExchange {
  request: string;
  status?: number;
  statusText?: string;
  ok: boolean;
  durationMs: number;
  bodyText?: string;
  json?: unknown;
  parseError?: string;
  networkError?: string;
}

async function exchange(method: string, url: string, body?: unknown): Promise<RawExchange> {
  const headers: Record<string, string> = {};
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const started = performance.now();
  const request = `${method} ${url}`;
  try {
    const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const bodyText = await response.text();
    const durationMs = Math.round(performance.now() - started);
    const base = { request, status: response.status, statusText: response.statusText, ok: response.ok, durationMs, bodyText };
    try {
      const json: unknown = bodyText ? JSON.parse(bodyText) : undefined;
      return { ...base, json, bodyText: json === undefined ? bodyText : JSON.stringify(json, null, 2) };
    } catch (error) {
      return { ...base, parseError: error instanceof Error ? error.message : String(error) };
    }
  } catch (error) {
    return { request, ok: false, durationMs: Math.round(performance.now() - started), networkError: error instanceof Error ? error.message : String(error) };
  }
}

function field(json: unknown, name: string): unknown {
  return typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[name] : undefined;
}

function loginVerdict(result: RawExchange): string {
  if (result.networkError) return 'Network Error';
  if (field(result.json, 'success') === true && typeof field(result.json, 'token') === 'string') return 'Login Succeeded';
  if (field(result.json, 'requiresTwoFactor') === true) return 'Two-Factor Code Required';
  if (field(result.json, 'success') === false) return 'Login Failed';
  return result.ok ? 'Login Failed' : 'HTTP Error';
}

let nextId = 1;

/** The actions shared by /debug and /mobile-test; newest result first. */
export function useAuthProbe() {
  const queryClient = useQueryClient();
  const [results, setResults] = useState<ProbeResult[]>([]);
  const [running, setRunning] = useState(false);

  function record(verdict: string, ok: boolean, raw?: RawExchange) {
    const { json: _json, ...shown } = raw ?? { request: 'browser', ok };
    setResults((current) => [{ id: nextId++, ...shown, verdict, ok }, ...current]);
  }

  async function login(credentials: LoginRequest): Promise<boolean> {
    const raw = await exchange('POST', '/api/auth/login', credentials);
    const verdict = loginVerdict(raw);
    const token = field(raw.json, 'token');
    const refreshToken = field(raw.json, 'refreshToken');
    if (verdict === 'Login Succeeded' && typeof token === 'string') {
      storeTokens(token, typeof refreshToken === 'string' ? refreshToken : undefined);
    }
    record(verdict, verdict === 'Login Succeeded', raw);
    return verdict === 'Login Succeeded';
  }

  async function verify(): Promise<boolean> {
    const raw = await exchange('GET', '/api/auth/verify');
    const valid = raw.ok && field(raw.json, 'valid') === true;
    record(valid ? 'Token verified' : 'Token verification failed', valid, raw);
    return valid;
  }

  async function run(action: () => Promise<unknown>) {
    setRunning(true);
    try {
      await action();
    } finally {
      setRunning(false);
    }
  }

  return {
    results,
    running,
    storedToken: getAccessToken(),
    testLogin: (credentials: LoginRequest) => run(() => login(credentials)),
    testVerify: () => run(verify),
    /** Login, then verify, then open the console the way a real sign-in does. */
    fullLoginTest: (credentials: LoginRequest) =>
      run(async () => {
        if ((await login(credentials)) && (await verify())) window.location.assign('/dashboard');
      }),
    clearAll: () =>
      run(async () => {
        await clearBrowserState(queryClient);
        record('Storage and caches cleared', true);
      }),
    clearResults: () => setResults([]),
  };
}
