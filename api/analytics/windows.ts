import { PERIOD_DAYS, type AnalyticsPeriod } from '../contract/analytics.js';
import { lastDays, type DayRange } from '../../sql/log-analytics.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const shiftDay = (day: string, days: number) => new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);

/** The period's window ending today (UTC), and the window of the same length just before it (for trends). */
export function periodWindows(period: AnalyticsPeriod, now: Date): { range: DayRange; previousRange: DayRange } {
  const days = PERIOD_DAYS[period];
  const range = lastDays(days, now);
  return { range, previousRange: { from: shiftDay(range.from, -days), to: shiftDay(range.from, -1) } };
}

/** 24h and 7d are read live; longer windows' user-based figures come from the figure cache. */
export function isLongWindow(range: DayRange): boolean {
  return Date.parse(range.to) - Date.parse(range.from) >= 7 * DAY_MS;
}
