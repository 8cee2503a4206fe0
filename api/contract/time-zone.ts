/** Calendar arithmetic in an IANA time zone, with nothing but Intl. */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Building a formatter costs far more than using one: keep one per time zone. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function localParts(instant: Date, timeZone: string) {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  return { year: value('year'), month: value('month'), day: value('day'), hour: value('hour'), minute: value('minute'), second: value('second') };
}

/** Part of one local calendar day of a zone: its date, from an instant known to be in it to the day's end. */
interface LocalDayWindow {
  day: string;
  startMs: number;
  endMs: number;
}

/** The last day asked for, per zone: the bot asks for today's date and midnight on every answer. */
const lastDays = new Map<string, LocalDayWindow>();

function localDayWindow(instant: Date, timeZone: string): LocalDayWindow {
  const time = instant.getTime();
  const last = lastDays.get(timeZone);
  if (last && last.startMs <= time && time < last.endMs) return last;
  const { year, month, day } = localParts(instant, timeZone);
  const window = {
    day: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    startMs: time,
    endMs: instantOfWallClock(Date.UTC(year, month - 1, day + 1), timeZone).getTime(),
  };
  lastDays.set(timeZone, window);
  return window;
}

/** The local calendar day of an instant, as YYYY-MM-DD. */
export function localDay(instant: Date, timeZone: string): string {
  return localDayWindow(instant, timeZone).day;
}

/** The local calendar day (YYYY-MM-DD) and hour (0–23) of an instant. */
export function localDayAndHour(instant: Date, timeZone: string): { day: string; hour: number } {
  const { year, month, day, hour } = localParts(instant, timeZone);
  return { day: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, hour };
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant. */
function offsetMs(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant the wall clock of a zone shows a given time (ms of a UTC date standing for it). */
function instantOfWallClock(wallClock: number, timeZone: string): Date {
  // Two passes settle the offset across a daylight-saving change.
  let guess = wallClock - offsetMs(new Date(wallClock), timeZone);
  guess = wallClock - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

/** The next local midnight after an instant: when daily limits reset. */
export function nextMidnight(instant: Date, timeZone: string): Date {
  return new Date(localDayWindow(instant, timeZone).endMs);
}

/** The instant a local calendar day (YYYY-MM-DD) begins in a zone. */
export function startOfLocalDay(day: string, timeZone: string): Date {
  return instantOfWallClock(Date.parse(`${day}T00:00:00Z`), timeZone);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
