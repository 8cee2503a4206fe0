const MAX_ENTRIES = 500;

export interface CachedFigure<T> {
  value: T;
  computedAt: Date;
}

/** Returns the figures under `key` computed less than `ttlMs` ago, else computes them (once for concurrent callers). */
export type FigureCache = <T>(key: string, ttlMs: number, compute: () => Promise<T>) => Promise<CachedFigure<T>>;

/**
 * Keeps analytics answers a while, keyed by endpoint, filters and window. Every answer reads
 * several roll-ups, and the distinct users of a month or a year read about as many rows as there
 * are logs (most users ask at most once a day): recomputing them for each of many viewers would
 * not keep up, while the figures change little within minutes. Screens show when they were computed.
 */
export function createFigureCache(now: () => Date): FigureCache {
  const entries = new Map<string, { at: number; figure: Promise<CachedFigure<unknown>> }>();
  return async function cached<T>(key: string, ttlMs: number, compute: () => Promise<T>): Promise<CachedFigure<T>> {
    const entry = entries.get(key);
    if (entry && now().getTime() - entry.at < ttlMs) return entry.figure as Promise<CachedFigure<T>>;
    const started = now();
    const figure = compute().then((value) => ({ value, computedAt: started }));
    entries.delete(key);
    entries.set(key, { at: started.getTime(), figure });
    // A failed computation is not kept: the next caller tries again.
    figure.catch(() => {
      if (entries.get(key)?.figure === figure) entries.delete(key);
    });
    // Map keeps insertion order: the first key is the one computed longest ago.
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    return figure;
  };
}
