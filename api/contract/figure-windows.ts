import { clockTime, DEFAULT_CLOCK_FORMAT, type ClockFormat } from './clock-format.js';
import { localDay, startOfLocalDay } from './time-zone.js';

/**
 * What each figure window means, on every screen: one definition, used by the server's
 * figures and by the console's sentence under each selector.
 *
 * - "24h" is the rolling 24 hours ending now, charted hour by hour: 24 one-hour spans, the last
 *   ending now (so its points start at the minute the window started, e.g. 14:05, 15:05, …).
 * - "7d", "30d" and "1y" are today so far plus the 6, 29 or 364 whole days before, days running
 *   from midnight in the configured time zone, charted day by day.
 *
 * Each window is compared with the window of the same length just before it: the 24 hours before,
 * or the 7, 30 or 365 whole days before today's midnight.
 */
export const FIGURE_WINDOW_KEYS = ['24h', '7d', '30d', '1y'] as const;
export type FigureWindowKey = (typeof FIGURE_WINDOW_KEYS)[number];

/** How a window's chart is divided. */
export type Bucket = 'hour' | 'day';

const HOUR_MS = 60 * 60 * 1000;
const DAYS: Record<Exclude<FigureWindowKey, '24h'>, number> = { '7d': 7, '30d': 30, '1y': 365 };

export interface FigureWindow {
  key: FigureWindowKey;
  timeZone: string;
  /** Start included, end excluded. */
  start: Date;
  end: Date;
  /** The window of the same length just before: it ends at `start`. */
  previousStart: Date;
  bucket: Bucket;
  /** Each chart point's start, in order; a point ends where the next starts, the last at `end`. */
  bucketStarts: Date[];
}

/** "2026-11-19" shifted by whole calendar days. */
function shiftDay(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The window `key` ending at `now`, in `timeZone` (an IANA name). */
export function figureWindow(key: FigureWindowKey, now: Date, timeZone: string): FigureWindow {
  if (key === '24h') {
    const start = new Date(now.getTime() - 24 * HOUR_MS);
    return {
      key,
      timeZone,
      start,
      end: now,
      previousStart: new Date(start.getTime() - 24 * HOUR_MS),
      bucket: 'hour',
      bucketStarts: Array.from({ length: 24 }, (_, hour) => new Date(start.getTime() + hour * HOUR_MS)),
    };
  }
  const days = DAYS[key];
  const today = localDay(now, timeZone);
  const dayStarts = Array.from({ length: days }, (_, index) => startOfLocalDay(shiftDay(today, index - days + 1), timeZone));
  return {
    key,
    timeZone,
    start: dayStarts[0]!,
    end: now,
    previousStart: startOfLocalDay(shiftDay(today, -2 * days + 1), timeZone),
    bucket: 'day',
    bucketStarts: dayStarts,
  };
}

function formatIn(instant: Date, timeZone: string, options: Intl.DateTimeFormatOptions): string {
  return instant.toLocaleString('en-GB', { timeZone, ...options });
}

/** A window as a screen shows it: its zone, and the reader's clock (24-hour when not said). */
type ShownWindow<Fields extends keyof FigureWindow> = Pick<FigureWindow, Fields> & { clockFormat?: ClockFormat };

/** "14:05" (or "2:05 PM") in the window's time zone. */
function windowTime(instant: Date, window: ShownWindow<'timeZone'>): string {
  return clockTime(instant, { timeZone: window.timeZone, clockFormat: window.clockFormat ?? DEFAULT_CLOCK_FORMAT });
}

/** A chart point's label: "14:05" for an hour of the last 24 hours, "19 Nov" for a day ("19 Nov 2025" over a year). */
export function bucketLabel(at: Date, window: ShownWindow<'key' | 'timeZone'>): string {
  if (window.key === '24h') return windowTime(at, window);
  return formatIn(at, window.timeZone, { day: 'numeric', month: 'short', ...(window.key === '1y' ? { year: 'numeric' } : {}) });
}

/**
 * The sentence under a window's selector: "The last 24 hours, to 14:05 (Europe/Kyiv)", or
 * "Today and the 6 days before, from 00:00 on 19 Nov (Europe/Kyiv) to now".
 */
export function windowSentence(window: ShownWindow<'key' | 'timeZone' | 'start' | 'end'>): string {
  const zone = `(${window.timeZone})`;
  if (window.key === '24h') return `The last 24 hours, to ${windowTime(window.end, window)} ${zone}`;
  const daysBefore = DAYS[window.key] - 1;
  return `Today and the ${daysBefore} days before, from ${windowTime(window.start, window)} on ${bucketLabel(window.start, window)} ${zone} to now`;
}

/** A chart point's start as files write it: "2026-11-21 09:05" for an hour span, "2026-11-21" for a day, in the zone. */
export function bucketStamp(at: Date, bucket: Bucket, timeZone: string): string {
  const local = at.toLocaleString('sv-SE', { timeZone, hourCycle: 'h23' });
  return bucket === 'hour' ? local.slice(0, 16) : local.slice(0, 10);
}
