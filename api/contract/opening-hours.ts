import OpeningHours from 'opening_hours';

/** A wall-clock moment in the contact's own time zone. */
export interface WallTime {
  /** 0 = Sunday, as Date.getDay. */
  weekday: number;
  hour: number;
  minute: number;
  /** The same calendar day as the moment asked about, in the contact's zone. */
  sameDay: boolean;
}

/** Whether a contact is open at a moment, from hours in OpenStreetMap's opening_hours syntax. */
export type OpeningState =
  | { kind: 'always' }
  | { kind: 'open'; closes: WallTime | null }
  | { kind: 'closed'; opens: WallTime | null }
  /** Hours that do not parse: shown as typed, marked "hours not verified". */
  | { kind: 'unverified' };

/** Parsed hours; null when the text does not parse as opening_hours. */
export function parseOpeningHours(text: string): OpeningHours | null {
  try {
    return new OpeningHours(text, null, { mode: 0, tag_key: 'opening_hours', map_value: false, warnings_severity: 4, locale: 'en' });
  } catch {
    return null;
  }
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The moment's wall-clock time in the zone, as a Date whose local fields carry it: opening_hours
 * reads the local fields (getDay, getHours), so this is how it evaluates in another zone.
 */
function wallClock(at: Date, timeZone: string): Date {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    wallClockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((part) => [part.type, Number(part.value)]));
  return new Date(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

function wallTime(change: Date | undefined, local: Date): WallTime | null {
  if (!change) return null;
  return { weekday: change.getDay(), hour: change.getHours(), minute: change.getMinutes(), sameDay: change.toDateString() === local.toDateString() };
}

/** Open or closed at `at`, in `timeZone`, with the next change within a week. */
export function openingState(hours: OpeningHours | null, timeZone: string, at: Date): OpeningState {
  if (!hours) return { kind: 'unverified' };
  const local = wallClock(at, timeZone);
  const horizon = new Date(local.getTime() + WEEK_MS);
  const next = hours.getNextChange(local, horizon);
  if (hours.getState(local)) return next ? { kind: 'open', closes: wallTime(next, local) } : { kind: 'always' };
  return { kind: 'closed', opens: wallTime(next, local) };
}
