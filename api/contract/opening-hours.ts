import OpeningHours from 'opening_hours';

/**
 * Contact hours in OpenStreetMap's opening_hours syntax (`Mo-Fr 09:00-18:00; Sa 10:00-14:00`,
 * `24/7`), parsed and evaluated with the `opening_hours` package. Pure: shared by the bot, the API
 * and the console. A contact's hours are read in its own time zone, which the server finds from
 * its coordinates with `@photostructure/tz-lookup` (pure JavaScript, no native parts, small, kept
 * up to date, about 0.2 µs a lookup).
 */

/** A wall-clock moment in the contact's own time zone. */
export interface WallTime {
  /** 0 = Sunday, as Date.getDay. */
  weekday: number;
  hour: number;
  minute: number;
  /** The same calendar day as the moment asked about, in the contact's zone. */
  sameDay: boolean;
  /** A week after the moment's day: the same weekday as today, but next week's. */
  weekAhead: boolean;
}

/** Whether a contact is open at a moment, from hours in OpenStreetMap's opening_hours syntax. */
export type OpeningState =
  | { kind: 'always' }
  | { kind: 'open'; closes: WallTime | null }
  | { kind: 'closed'; opens: WallTime | null }
  /** Hours that do not parse, or never say when the contact is open: shown as typed, marked "hours not verified". */
  | { kind: 'unverified' };

/**
 * What a contact's hours text is, as stored in medical_contacts.hours_kind: no hours given, open
 * around the clock, a schedule, or text that is not a usable schedule (the verification work).
 */
export const HOURS_KINDS = ['none', 'always', 'scheduled', 'unverified'] as const;
export type HoursKind = (typeof HOURS_KINDS)[number];

/** The common schedules the contact form offers as shortcuts. */
export const COMMON_OPENING_HOURS = ['Mo-Fr 09:00-18:00', 'Mo-Sa 09:00-19:00', 'Mo-Fr 08:00-20:00; Sa 09:00-14:00', '24/7'] as const;

const OPTIONS = { mode: 0, tag_key: 'opening_hours', map_value: false, warnings_severity: 4, locale: 'en' } as const;
const DAY_MS = 24 * 60 * 60 * 1000;
const WEEK_MS = 7 * DAY_MS;
/**
 * A fixed year the hours are checked over: whether a schedule ever opens, or is open all week,
 * must not depend on the day it was asked.
 */
const REFERENCE_START = new Date(2024, 0, 1);
const REFERENCE_END = new Date(2025, 0, 1);

/** The text parsed (it may be lenient: `Mon–Fri 9–17`), or the parser's complaint. */
function parse(text: string): OpeningHours | string {
  try {
    return new OpeningHours(text, null, OPTIONS);
  } catch (error) {
    return String(error instanceof Error ? error.message : error);
  }
}

/** Opens at some time of the reference year for sure, not only "unknown" or by comment. */
function everOpen(hours: OpeningHours): boolean {
  try {
    return hours.getOpenIntervals(REFERENCE_START, REFERENCE_END).some(([, , unknown]) => !unknown);
  } catch {
    return false;
  }
}

/**
 * Parsed hours; null when the text does not parse as opening_hours, or never says when the contact
 * is open (`By appointment`, `off`, `unknown`): such hours are not a schedule anyone can rely on.
 */
export function parseOpeningHours(text: string): OpeningHours | null {
  if (!text.trim()) return null;
  const hours = parse(text);
  return typeof hours === 'string' || !everOpen(hours) ? null : hours;
}

/** Open every minute of a week, as `24/7` or `Mo-Su 00:00-24:00` are. */
export function isAroundTheClock(hours: OpeningHours): boolean {
  const start = REFERENCE_START;
  try {
    const [open] = hours.getOpenDuration(start, new Date(start.getTime() + WEEK_MS));
    return open >= WEEK_MS;
  } catch {
    return false;
  }
}

/** The kind of an hours text (see HOURS_KINDS). */
export function hoursKind(text: string): HoursKind {
  if (!text.trim()) return 'none';
  const hours = parseOpeningHours(text);
  if (!hours) return 'unverified';
  return isAroundTheClock(hours) ? 'always' : 'scheduled';
}

/**
 * The canonical opening_hours text of free text that reads as a schedule (`Mon–Fri 9:00–17:00`
 * → `Mo-Fr 09:00-17:00`); any other text is returned trimmed and unchanged.
 */
export function normalizeOpeningHours(text: string): string {
  const trimmed = text.trim();
  const hours = parseOpeningHours(trimmed);
  if (!hours) return trimmed;
  try {
    return hours.prettifyValue();
  } catch {
    return trimmed;
  }
}

/** The field's rule, as the form and the API say it. */
export const OPENING_HOURS_RULE = 'Write the hours in opening_hours syntax, such as "Mo-Fr 09:00-18:00; Sa 10:00-14:00" or "24/7", or leave them empty.';

/** A sentence saying what is wrong with an hours text; null when it is empty or parses. */
export function openingHoursError(text: string): string | null {
  if (!text.trim()) return null;
  const hours = parse(text.trim());
  if (typeof hours !== 'string') return null;
  // The parser marks the spot with "<---" and explains in brackets: keep its explanation, short.
  const reason = /\(([^)]*)\)/.exec(hours)?.[1]?.replace(/ This means.*$/, '').trim();
  return `Available hours could not be read${reason ? ` (${reason.replace(/\.$/, '')})` : ''}. ${OPENING_HOURS_RULE}`;
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

function wallTime(change: Date | undefined, local: Date): WallTime | null {
  if (!change) return null;
  const calendarDays = Math.round((new Date(change).setHours(12, 0, 0, 0) - new Date(local).setHours(12, 0, 0, 0)) / DAY_MS);
  return { weekday: change.getDay(), hour: change.getHours(), minute: change.getMinutes(), sameDay: calendarDays === 0, weekAhead: calendarDays >= 7 };
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

/** Open at `at` (open now, or around the clock). */
export function isOpenAt(hours: OpeningHours | null, timeZone: string, at: Date): boolean {
  const state = openingState(hours, timeZone, at);
  return state.kind === 'open' || state.kind === 'always';
}

/** "09:00". */
export function formatWallTime(time: Pick<WallTime, 'hour' | 'minute'>): string {
  return `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
}
