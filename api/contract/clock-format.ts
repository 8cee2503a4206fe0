import { z } from 'zod';
import { localDay } from './time-zone.js';

/** How a staff member reads times: the 24-hour clock unless they choose the 12-hour one. */
export const CLOCK_FORMATS = ['24h', '12h'] as const;
export type ClockFormat = (typeof CLOCK_FORMATS)[number];
export const DEFAULT_CLOCK_FORMAT: ClockFormat = '24h';

export const ClockFormatSchema = z.enum(CLOCK_FORMATS, { error: 'Clock format must be 24h or 12h' });

export const CLOCK_FORMAT_LABELS: Record<ClockFormat, string> = { '24h': '24-hour (14:05)', '12h': '12-hour (2:05 PM)' };

/** Where and how times are read: the configured time zone (system settings) and the reader's clock. */
export interface Clock {
  timeZone: string;
  clockFormat: ClockFormat;
}

type Kind = 'date' | 'time' | 'seconds';

const formats = new Map<string, Intl.DateTimeFormat>();

function optionsFor(kind: Kind, clockFormat: ClockFormat): Intl.DateTimeFormatOptions {
  if (kind === 'date') return { day: 'numeric', month: 'short', year: 'numeric' };
  const seconds = kind === 'seconds' ? { second: '2-digit' as const } : {};
  return clockFormat === '24h'
    ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...seconds }
    : { hour: 'numeric', minute: '2-digit', hourCycle: 'h12', ...seconds };
}

/** Building a formatter costs far more than using one: keep one per zone, clock and kind. */
function format(instant: Date, kind: Kind, { timeZone, clockFormat }: Clock): string {
  const key = `${timeZone} ${clockFormat} ${kind}`;
  let formatter = formats.get(key);
  if (!formatter) {
    // en-US writes "2:05 PM" where en-GB writes "2:05 pm"; both write "14:05" and "21 Nov 2026" alike.
    formatter = new Intl.DateTimeFormat(clockFormat === '12h' && kind !== 'date' ? 'en-US' : 'en-GB', { timeZone, ...optionsFor(kind, clockFormat) });
    formats.set(key, formatter);
  }
  // ICU puts a narrow no-break space before AM/PM: texts and tests read a plain one.
  return formatter.format(instant).replace(/\u202f/g, ' ');
}

/** "14:05", or "2:05 PM" on the 12-hour clock. */
export function clockTime(instant: Date, clock: Clock): string {
  return format(instant, 'time', clock);
}

/** "21 Nov 2026", the day in the clock's time zone. */
export function clockDate(instant: Date, clock: Clock): string {
  return format(instant, 'date', clock);
}

/** "21 Nov 2026, 14:05". */
export function clockDateTime(instant: Date, clock: Clock): string {
  return `${clockDate(instant, clock)}, ${clockTime(instant, clock)}`;
}

/** "21 Nov 2026, 14:05:09": the exact instant, for a tooltip beside a relative time. */
export function clockExactTime(instant: Date, clock: Clock): string {
  return `${clockDate(instant, clock)}, ${format(instant, 'seconds', clock)}`;
}

/** "Today at 14:05", "Yesterday at 23:30", "19 Nov 2026 at 04:00", days as the time zone counts them. */
export function clockDayAndTime(instant: Date, clock: Clock, now: Date): string {
  const time = clockTime(instant, clock);
  const day = localDay(instant, clock.timeZone);
  const today = localDay(now, clock.timeZone);
  if (day === today) return `Today at ${time}`;
  const yesterday = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  if (day === yesterday) return `Yesterday at ${time}`;
  return `${clockDate(instant, clock)} at ${time}`;
}
