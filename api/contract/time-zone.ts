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

/** The local calendar day of an instant, as YYYY-MM-DD. */
export function localDay(instant: Date, timeZone: string): string {
  const { year, month, day } = localParts(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Milliseconds the zone's wall clock is ahead of UTC at an instant. */
function offsetMs(instant: Date, timeZone: string): number {
  const p = localParts(instant, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The next local midnight after an instant: when daily limits reset. */
export function nextMidnight(instant: Date, timeZone: string): Date {
  const { year, month, day } = localParts(instant, timeZone);
  const wallClockMidnight = Date.UTC(year, month - 1, day + 1);
  // Two passes settle the offset across a daylight-saving change.
  let guess = wallClockMidnight - offsetMs(new Date(wallClockMidnight), timeZone);
  guess = wallClockMidnight - offsetMs(new Date(guess), timeZone);
  return new Date(guess);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}
