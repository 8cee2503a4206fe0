import type { FastifyRequest } from 'fastify';

const MAX_ENTRIES = 500;

/** Refresh asks for figures computed now (Cache-Control: no-cache), not the kept ones. */
export function asksForFreshFigures(request: FastifyRequest): boolean {
  return /\bno-cache\b/.test(request.headers['cache-control'] ?? '');
}

export interface CachedFigure<T> {
  value: T;
  computedAt: Date;
}

/** Returns the figures under `key` computed less than `ttlMs` ago, else computes them (see createFigureCache). */
export type FigureCache = <T>(key: string, ttlMs: number, compute: () => Promise<T>) => Promise<CachedFigure<T>>;

interface Entry {
  at: number;
  figure: Promise<CachedFigure<unknown>>;
  /** A newer computation under way, once the entry is older than its time to live. */
  refresh?: Promise<CachedFigure<unknown>>;
}

/**
 * Keeps analytics answers a while, keyed by endpoint, filters and window. Every answer reads
 * several roll-ups, and the distinct users of a month or a year read about as many rows as there
 * are logs (most users ask at most once a day): recomputing them for each of many viewers would
 * not keep up, while the figures change little within minutes. Screens show when they were computed.
 *
 * Concurrent callers share one computation. Once an answer is too old, the first caller waits for
 * a new one while the others keep getting the old one until it is ready, so no crowd waits on it.
 */
export function createFigureCache(now: () => Date): FigureCache {
  const entries = new Map<string, Entry>();

  function store(key: string, at: number, figure: Promise<CachedFigure<unknown>>): void {
    entries.delete(key);
    entries.set(key, { at, figure });
    // Map keeps insertion order: the first key is the one computed longest ago.
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }

  return async function cached<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<CachedFigure<T>> {
    const entry = entries.get(key);
    // Asked for figures computed now while a newer computation is under way: that one.
    if (ttlMs === 0 && entry?.refresh) return entry.refresh as Promise<CachedFigure<T>>;
    if (entry && (now().getTime() - entry.at < ttlMs || entry.refresh)) return entry.figure as Promise<CachedFigure<T>>;
    const started = now().getTime();
    const figure = compute().then((value) => ({ value, computedAt: new Date(started) }));
    if (entry) {
      entry.refresh = figure;
      figure.then(
        () => store(key, started, figure),
        () => (entry.refresh = undefined),
      );
    } else {
      store(key, started, figure);
      // A failed computation is not kept: the next caller tries again.
      figure.catch(() => entries.get(key)?.figure === figure && entries.delete(key));
    }
    return figure;
  };
}
