/** How long a long window's user-based figures are kept before they are computed again. */
export const FIGURE_CACHE_TTL_MS = 15 * 60_000;
const MAX_ENTRIES = 200;

export interface CachedFigure<T> {
  value: T;
  computedAt: Date;
}

export type FigureCache = <T>(key: string, compute: () => Promise<T>) => Promise<CachedFigure<T>>;

/**
 * Keeps figures for a while, keyed by figure and window. Distinct users over a month or a year read
 * about as many rows as there are logs (most users ask at most once a day), far too slow to answer
 * every screen load; such figures change little within minutes, so the screens show them "as of"
 * the time they were computed. Concurrent callers share one computation.
 */
export function createFigureCache(now: () => Date, ttlMs = FIGURE_CACHE_TTL_MS): FigureCache {
  const entries = new Map<string, Promise<CachedFigure<unknown>>>();
  const computedAt = new Map<string, number>();
  return async function cached<T>(key: string, compute: () => Promise<T>): Promise<CachedFigure<T>> {
    const at = computedAt.get(key);
    const entry = entries.get(key);
    if (entry && at !== undefined && now().getTime() - at < ttlMs) return entry as Promise<CachedFigure<T>>;
    const started = now();
    const fresh = compute().then((value) => ({ value, computedAt: started }));
    entries.set(key, fresh);
    computedAt.set(key, started.getTime());
    // A failed computation is not kept: the next caller tries again.
    fresh.catch(() => {
      if (entries.get(key) === fresh) {
        entries.delete(key);
        computedAt.delete(key);
      }
    });
    if (entries.size > MAX_ENTRIES) {
      const oldest = entries.keys().next().value!;
      entries.delete(oldest);
      computedAt.delete(oldest);
    }
    return fresh;
  };
}
