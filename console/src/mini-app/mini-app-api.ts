import type {
  MINI_APP_AUTH_SCHEME,
  MiniAppNearest,
  MiniAppPlaces,
  MiniAppPoint,
  MiniAppRefusalBody,
  MiniAppReport,
  MiniAppSession,
} from '@contract/mini-app.js';
import { nearestQuery, type SearchFilters } from './launch-links.js';

// The contract's constant by type only: importing its value would bring zod into the page's bundle.
const AUTH_SCHEME: typeof MINI_APP_AUTH_SCHEME = 'tma';

/** The bot's rules refused this Telegram user (or the signature did not hold): the page shows `message` and nothing else. */
export class RefusedError extends Error {
  readonly refusal: MiniAppRefusalBody;

  constructor(refusal: MiniAppRefusalBody) {
    super(refusal.message);
    this.refusal = refusal;
    this.name = 'RefusedError';
  }
}

function isRefusal(body: unknown): body is MiniAppRefusalBody {
  return typeof body === 'object' && body !== null && typeof (body as { refusal?: unknown }).refusal === 'string' && typeof (body as { message?: unknown }).message === 'string';
}

/** The Mini App's calls, each signed with the launch data Telegram handed the page. */
export function miniAppApi(initData: string) {
  async function call<T>(path: string, init?: RequestInit): Promise<T> {
    const response = await fetch(`/api/mini-app/${path}`, {
      ...init,
      headers: { authorization: `${AUTH_SCHEME} ${initData}`, ...(init?.body !== undefined && { 'content-type': 'application/json' }) },
    });
    const body: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
    if ((response.status === 401 || response.status === 403) && isRefusal(body)) throw new RefusedError(body);
    if (!response.ok) throw new Error(`${init?.method ?? 'GET'} /api/mini-app/${path} answered ${response.status}`);
    return body as T;
  }
  return {
    session: () => call<MiniAppSession>('session'),
    nearest: (point: MiniAppPoint, filters: SearchFilters, offset: number) => call<MiniAppNearest>(`nearest?${nearestQuery(point, filters, offset)}`),
    places: (query: string) => call<MiniAppPlaces>(`places?${new URLSearchParams({ q: query }).toString()}`),
    report: (report: MiniAppReport) => call<unknown>('reports', { method: 'POST', body: JSON.stringify(report) }),
  };
}
export type MiniAppApi = ReturnType<typeof miniAppApi>;
