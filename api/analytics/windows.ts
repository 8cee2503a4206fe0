import { PERIOD_DAYS, type AnalyticsPeriod } from '../contract/analytics.js';
import { lastDays, type DayRange } from '../../sql/log-analytics.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How long answers are kept (see figure-cache.ts): a minute for a day or a week, 15 minutes for longer windows. */
const SHORT_WINDOW_TTL_MS = 60_000;
const LONG_WINDOW_TTL_MS = 15 * 60_000;

const shiftDay = (day: string, days: number) => new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);

/** The period's window ending today (UTC), and the window of the same length just before it (for trends). */
export function periodWindows(period: AnalyticsPeriod, now: Date): { range: DayRange; previousRange: DayRange } {
  const days = PERIOD_DAYS[period];
  const range = lastDays(days, now);
  return { range, previousRange: { from: shiftDay(range.from, -days), to: shiftDay(range.from, -1) } };
}

/** How long an answer over the period is kept, and its cache key: the day is part of it, as the window moves at midnight UTC. */
export function cachePolicy(name: string, period: AnalyticsPeriod, now: Date, ...filters: (string | undefined)[]): { key: string; ttlMs: number } {
  return {
    key: [name, period, lastDays(1, now).to, ...filters.map((filter) => filter ?? '')].join('\u0000'),
    ttlMs: PERIOD_DAYS[period] > 7 ? LONG_WINDOW_TTL_MS : SHORT_WINDOW_TTL_MS,
  };
}
