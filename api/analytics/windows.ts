import { figureWindow, type FigureWindow } from '../contract/figure-windows.js';
import type { AnalyticsPeriod } from '../contract/analytics.js';
import type { DayRange } from '../../sql/log-analytics.js';
import { localDay } from '../contract/time-zone.js';

/** How long answers are kept (see figure-cache.ts): a minute for a day or a week, 15 minutes for longer windows. */
const SHORT_WINDOW_TTL_MS = 60_000;
const LONG_WINDOW_TTL_MS = 15 * 60_000;
const LONG_PERIODS: readonly AnalyticsPeriod[] = ['30d', '1y'];

/** The period's window (api/contract/figure-windows.ts): the same on every analytics screen and the Dashboard. */
export function periodWindow(period: AnalyticsPeriod, now: Date, timeZone: string): FigureWindow {
  return figureWindow(period, now, timeZone);
}

/**
 * The UTC days a window touches, for the figures kept per UTC day only (contacts shown per day,
 * contact_daily_requests): the nearest those come to the window.
 */
export function coveringDays(window: FigureWindow): DayRange {
  const day = (instant: Date) => instant.toISOString().slice(0, 10);
  return { from: day(window.start), to: day(new Date(window.end.getTime() - 1)) };
}

/**
 * How long an answer over the period is kept, and its cache key: the local day is part of it, as
 * day windows move at midnight, and so is the time zone they are counted in.
 */
export function cachePolicy(name: string, period: AnalyticsPeriod, now: Date, timeZone: string, ...filters: (string | undefined)[]): { key: string; ttlMs: number } {
  return {
    key: [name, period, timeZone, localDay(now, timeZone), ...filters.map((filter) => filter ?? '')].join('\u0000'),
    ttlMs: LONG_PERIODS.includes(period) ? LONG_WINDOW_TTL_MS : SHORT_WINDOW_TTL_MS,
  };
}
