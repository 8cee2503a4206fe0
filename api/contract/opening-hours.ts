import OpeningHours from 'opening_hours';
import type { LanguageCode } from './languages.js';
import { formatCount } from './plural.js';

/**
 * Contact hours in OpenStreetMap's opening_hours syntax (`Mo-Fr 09:00-18:00; Sa 10:00-14:00`,
 * `24/7`), parsed and evaluated with the `opening_hours` package. Pure: shared by the bot, the API,
 * the CSV import and the console, so what staff type is read by one rule set (readOpeningHours).
 * A contact's hours are read in its own time zone, the zone of its coordinates (timeZoneAt,
 * place-zone.ts).
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

type Weekday = 'Mo' | 'Tu' | 'We' | 'Th' | 'Fr' | 'Sa' | 'Su';
const WEEKDAYS: readonly Weekday[] = ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'];

/**
 * The day names and abbreviations staff write, in the bot's languages (lower case; a trailing dot
 * is read too). A fixed list rather than Intl's: the browser's and the server's ICU abbreviate
 * differently, and the form must read what the API reads. A word means one day in every language
 * that has it ("mar" is Tuesday in French, Spanish and Italian); Spanish "do" (domingo) is left out
 * because German "Do" is Thursday.
 */
export const DAY_WORDS: Record<LanguageCode, Record<Weekday, readonly string[]>> = {
  en: {
    Mo: ['monday', 'mon', 'mo'],
    Tu: ['tuesday', 'tues', 'tue', 'tu'],
    We: ['wednesday', 'wed', 'we'],
    Th: ['thursday', 'thurs', 'thur', 'thu', 'th'],
    Fr: ['friday', 'fri', 'fr'],
    Sa: ['saturday', 'sat', 'sa'],
    Su: ['sunday', 'sun', 'su'],
  },
  uk: {
    Mo: ['понеділок', 'пн'],
    Tu: ['вівторок', 'вт'],
    We: ['середа', 'ср'],
    Th: ['четвер', 'чт'],
    Fr: ['пʼятниця', "п'ятниця", 'п’ятниця', 'пятниця', 'пт'],
    Sa: ['субота', 'сб'],
    Su: ['неділя', 'нд'],
  },
  pl: {
    Mo: ['poniedziałek', 'poniedzialek', 'pon', 'pn'],
    Tu: ['wtorek', 'wto', 'wt'],
    We: ['środa', 'sroda', 'śr', 'sr'],
    Th: ['czwartek', 'czw', 'cz'],
    Fr: ['piątek', 'piatek', 'pią', 'pia', 'pt'],
    Sa: ['sobota', 'sob', 'sb'],
    Su: ['niedziela', 'niedz', 'ndz', 'nd'],
  },
  de: {
    Mo: ['montag', 'mo'],
    Tu: ['dienstag', 'di'],
    We: ['mittwoch', 'mi'],
    Th: ['donnerstag', 'do'],
    Fr: ['freitag', 'fr'],
    Sa: ['samstag', 'sonnabend', 'sa'],
    Su: ['sonntag', 'so'],
  },
  fr: {
    Mo: ['lundi', 'lun'],
    Tu: ['mardi', 'mar'],
    We: ['mercredi', 'mer'],
    Th: ['jeudi', 'jeu'],
    Fr: ['vendredi', 'ven'],
    Sa: ['samedi', 'sam'],
    Su: ['dimanche', 'dim'],
  },
  es: {
    Mo: ['lunes', 'lun', 'lu'],
    Tu: ['martes', 'mar', 'ma'],
    We: ['miércoles', 'miercoles', 'mié', 'mie', 'mi'],
    Th: ['jueves', 'jue', 'ju'],
    Fr: ['viernes', 'vie', 'vi'],
    Sa: ['sábado', 'sabado', 'sáb', 'sab', 'sa'],
    Su: ['domingo', 'dom'],
  },
  it: {
    Mo: ['lunedì', 'lunedi', 'lun'],
    Tu: ['martedì', 'martedi', 'mar'],
    We: ['mercoledì', 'mercoledi', 'mer'],
    Th: ['giovedì', 'giovedi', 'gio'],
    Fr: ['venerdì', 'venerdi', 'ven'],
    Sa: ['sabato', 'sab'],
    Su: ['domenica', 'dom'],
  },
  pt: {
    Mo: ['segunda-feira', 'segunda', 'seg'],
    Tu: ['terça-feira', 'terca-feira', 'terça', 'terca', 'ter'],
    We: ['quarta-feira', 'quarta', 'qua'],
    Th: ['quinta-feira', 'quinta', 'qui'],
    Fr: ['sexta-feira', 'sexta', 'sex'],
    Sa: ['sábado', 'sabado', 'sáb', 'sab'],
    Su: ['domingo', 'dom'],
  },
};

const DAY_OF_WORD = new Map<string, Weekday>(
  Object.values(DAY_WORDS).flatMap((days) => WEEKDAYS.flatMap((day) => days[day].map((word) => [word, day] as const))),
);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Longest first, so "segunda-feira" wins over "seg". */
const DAY_WORD = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(${[...DAY_OF_WORD.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|')})\.?(?![\p{L}])`,
  'giu',
);
/** opening_hours' months: "Mar" next to one of them ("Mar-Oct") is March, not French Tuesday. */
const MONTHS = 'jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec';
const MONTH_RANGE_AFTER = new RegExp(String.raw`^\s*-\s*(?:${MONTHS})(?![\p{L}])`, 'iu');
const MONTH_RANGE_BEFORE = new RegExp(String.raw`(?<![\p{L}])(?:${MONTHS})\s*-\s*$`, 'iu');

/** One side of a typed time range: `9`, `09:00`, `9.30`, `9h30`, `17h`, `5pm`, `5:30 p.m.`. */
const TIME_SIDE = String.raw`\d{1,2}(?:[:.]\d{2}|h(?:\d{2})?)?(?:\s*[ap]\.?\s?m\.?(?![\p{L}]))?`;
/** A time range, not a day-of-month range ("Jan 01-15") nor a week range ("week 1-26"). */
const TIME_RANGE = new RegExp(
  String.raw`(?<![\p{L}\p{N}:.])(?<!(?:${MONTHS}|week)\s*)(${TIME_SIDE})\s*-\s*(${TIME_SIDE})(?![\p{N}])`,
  'giu',
);
const SIDE_PARTS = /^(\d{1,2})(?:[:.](\d{2})|h(\d{2})?)?\s*(?:([ap])\.?\s?m\.?)?$/i;

interface TypedTime {
  hour: number;
  minute: number;
  /** Written with its minutes (`9:00`, `9h30`). */
  minutes: boolean;
  meridiem: 'a' | 'p' | null;
}

function typedTime(text: string): TypedTime {
  const [, hour, colonMinutes, hMinutes, meridiem] = SIDE_PARTS.exec(text.trim())!;
  const minutes = colonMinutes ?? hMinutes;
  return { hour: Number(hour), minute: Number(minutes ?? 0), minutes: minutes !== undefined, meridiem: (meridiem?.toLowerCase() as 'a' | 'p' | undefined) ?? null };
}

/** Minutes after midnight on a 12-hour clock: 12 am is midnight, 12 pm noon. */
const twelveHour = (time: TypedTime, meridiem: 'a' | 'p') => ((time.hour % 12) + (meridiem === 'p' ? 12 : 0)) * 60 + time.minute;

const DAY_MINUTES = 24 * 60;
const HALF_DAY_MINUTES = 12 * 60;

/** A typed time range in minutes after the day's midnight; an end after 24:00 runs into the next day. */
interface TimeRange {
  start: number;
  end: number;
  /** Both sides written so they can be read one way only: in 24-hour time with minutes, or each with its own am/pm. */
  fixed: boolean;
}

/** The range two typed sides make; null when the numbers are no time (25:00, 13pm): left to the parser to refuse. */
function timeRange(startText: string, endText: string): TimeRange | null {
  const start = typedTime(startText);
  const end = typedTime(endText);
  if (start.minute > 59 || end.minute > 59) return null;
  for (const side of [start, end]) if (side.meridiem && (side.hour < 1 || side.hour > 12)) return null;
  let from: number;
  let to: number;
  let fixed: boolean;
  if (start.meridiem || end.meridiem) {
    // "9-5pm" is 9 am to 5 pm, "7-11pm" 7 pm to 11 pm: the side without am/pm takes the other's, unless that runs backwards.
    const startMeridiem = start.meridiem ?? end.meridiem!;
    const endMeridiem = end.meridiem ?? start.meridiem!;
    to = twelveHour(end, endMeridiem);
    from = twelveHour(start, startMeridiem);
    if (!start.meridiem && from > to) from = twelveHour(start, startMeridiem === 'a' ? 'p' : 'a');
    if (!end.meridiem && to < from) to = twelveHour(end, endMeridiem === 'a' ? 'p' : 'a');
    if (end.meridiem === 'a' && end.hour === 12 && end.minute === 0) to = DAY_MINUTES;
    fixed = start.meridiem !== null && end.meridiem !== null;
  } else {
    if (start.hour > 23 || end.hour > 48) return null;
    from = start.hour * 60 + start.minute;
    to = end.hour * 60 + end.minute;
    fixed = start.minutes && end.minutes;
  }
  return { start: from, end: to, fixed };
}

/** "09:00"; past midnight of the next day "26:00", as opening_hours writes it. */
const clockTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const rangeText = (start: number, end: number) => `${clockTime(start)}-${clockTime(end)}`;

/** Why a typed range is not taken as it reads, and what it more likely means. */
interface RangeDoubt {
  /** What the range would mean: open overnight, or open less than an hour. */
  reading: 'overnight' | 'short';
  range: TimeRange;
  /** The range it more likely means: the end on the afternoon clock (9-5 → 09:00-17:00), or as read, written unambiguously. */
  meant: { start: number; end: number };
}

/**
 * A range that reads as overnight or as under an hour is taken only when it is written unambiguously:
 * both sides in 24-hour time with minutes (or with their own am/pm), and, overnight, with no daytime
 * reading of the closing time (`22:00-06:00`: 18:00 would close before it opens). A closing time
 * past 24:00 (`09:00-29:00`) is overnight on purpose.
 */
function doubtOf(range: TimeRange): RangeDoubt | null {
  const { start, end, fixed } = range;
  if (end > DAY_MINUTES) return fixed ? null : { reading: 'overnight', range, meant: { start, end } };
  if (end <= start) {
    const afternoon = end < HALF_DAY_MINUTES && end + HALF_DAY_MINUTES > start ? end + HALF_DAY_MINUTES : null;
    if (fixed && afternoon === null) return null;
    return { reading: 'overnight', range, meant: { start, end: afternoon ?? end } };
  }
  if (end - start < 60 && !fixed) return { reading: 'short', range, meant: { start, end } };
  return null;
}

/** A part of the typed text as read: text passed on, or a time range. */
type Piece = string | { range: TimeRange; typed: string };

/**
 * Staff's typing in opening_hours terms, outside quoted comments: dashes (–, —) as `-`, day words of
 * the bot's languages as `Mo`…`Su`, and time ranges read on their own (9-5pm, 9h-17h, 8.30-12).
 */
function readPieces(typed: string): Piece[] {
  const pieces: Piece[] = [];
  // Odd parts are the "quoted comments" of opening_hours: kept as written.
  typed.split(/("[^"]*")/).forEach((part, index) => {
    if (index % 2 === 1) {
      pieces.push(part);
      return;
    }
    const words = part
      .replace(/\s*[‐‑‒–—−]\s*/g, '-')
      .replace(DAY_WORD, (word: string, name: string, offset: number, whole: string) => {
        const isMonth = name.toLowerCase() === 'mar' && (MONTH_RANGE_AFTER.test(whole.slice(offset + word.length)) || MONTH_RANGE_BEFORE.test(whole.slice(0, offset)));
        return isMonth ? word : DAY_OF_WORD.get(name.toLowerCase())!;
      });
    let last = 0;
    for (const match of words.matchAll(TIME_RANGE)) {
      const range = timeRange(match[1]!, match[2]!);
      if (!range) continue;
      pieces.push(words.slice(last, match.index), { range, typed: match[0] });
      last = match.index + match[0].length;
    }
    pieces.push(words.slice(last));
  });
  return pieces;
}

const render = (pieces: Piece[], rangeOf: (range: TimeRange) => { start: number; end: number }) =>
  pieces.map((piece) => (typeof piece === 'string' ? piece : rangeText(rangeOf(piece.range).start, rangeOf(piece.range).end))).join('');

/** What staff typed in the hours field, as read by the one rule set the form, the API, the import and the bot share. */
export type OpeningHoursReading =
  /** Taken: `text` is what is stored (canonical for a schedule, else as typed); `hours` the schedule, null when none. */
  | { kind: 'accepted'; text: string; hours: OpeningHours | null }
  /** Refused with a sentence for a person, and what it more likely means (canonical) when there is a guess. */
  | { kind: 'refused'; message: string; suggestion: string | null };

/** The field's rule, as the form and the API say it. */
export const OPENING_HOURS_RULE = 'Write the hours in opening_hours syntax, such as "Mo-Fr 09:00-18:00; Sa 10:00-14:00" or "24/7", or leave them empty.';

function canonical(hours: OpeningHours, fallback: string): string {
  try {
    return hours.prettifyValue();
  } catch {
    return fallback;
  }
}

function doubtMessage(typed: string, doubt: RangeDoubt, suggestion: string): string {
  const { range, meant, reading } = doubt;
  const opening = `Available hours "${typed}"`;
  if (reading === 'short') {
    const minutes = range.end - range.start;
    return `${opening} would mean open only ${formatCount(minutes, 'minute')}, from ${clockTime(range.start)} to ${clockTime(range.end)}. If that is meant, write it in 24-hour time with minutes: "${suggestion}".`;
  }
  const overnight = `${opening} would mean open overnight until ${clockTime(range.end % DAY_MINUTES)}.`;
  if (meant.end === range.end) return `${overnight} If that is meant, write it in 24-hour time with minutes: "${suggestion}".`;
  // Written deliberately in 24-hour time ("07:00-01:00"): say how to keep it overnight, too.
  const pastMidnight = range.fixed ? ` If it does close after midnight, write the closing time past 24:00: "${rangeText(range.start, range.end + DAY_MINUTES)}".` : '';
  return `${overnight} Did you mean "${suggestion}"?${pastMidnight}`;
}

const readings = new Map<string, OpeningHoursReading>();
const MAX_READINGS = 10_000;

/**
 * Reads the hours as staff type them: empty; a schedule (stored canonically, `Lun-Ven 9h-17h` →
 * `Mo-Fr 09:00-17:00`); text that parses but never says when it is open (`By appointment`, kept as
 * typed, "hours not verified"); or refused, because it does not parse or reads as open overnight or
 * for less than an hour without being written so (see doubtOf), with the likelier schedule to offer.
 */
export function readOpeningHours(typed: string): OpeningHoursReading {
  const text = typed.trim();
  let reading = readings.get(text);
  if (!reading) {
    if (readings.size >= MAX_READINGS) readings.clear();
    reading = read(text);
    readings.set(text, reading);
  }
  return reading;
}

function read(text: string): OpeningHoursReading {
  if (!text) return { kind: 'accepted', text: '', hours: null };
  const pieces = readPieces(text);
  const hours = parse(render(pieces, (range) => range));
  if (typeof hours === 'string') {
    // The parser marks the spot with "<---" and explains in brackets: keep its explanation, short.
    const reason = /\(([^)]*)\)/.exec(hours)?.[1]?.replace(/ This means.*$/, '').trim();
    return { kind: 'refused', message: `Available hours could not be read${reason ? ` (${reason.replace(/\.$/, '')})` : ''}. ${OPENING_HOURS_RULE}`, suggestion: null };
  }
  const doubts = new Map(pieces.flatMap((piece) => (typeof piece === 'string' ? [] : [[piece.range, doubtOf(piece.range)] as const])));
  const first = [...doubts.values()].find((doubt) => doubt !== null);
  if (first) {
    const meant = parse(render(pieces, (range) => doubts.get(range)?.meant ?? range));
    const suggestion = typeof meant === 'string' ? null : canonical(meant, '') || null;
    return { kind: 'refused', message: doubtMessage(text, first, suggestion ?? rangeText(first.meant.start, first.meant.end)), suggestion };
  }
  if (!everOpen(hours)) return { kind: 'accepted', text, hours: null };
  return { kind: 'accepted', text: canonical(hours, text), hours };
}

/**
 * Parsed hours; null when the text is no schedule: it does not parse, is refused by the rule set
 * (readOpeningHours: a stored `Mo-Fr 09:00-05:00` is not read as open all night), or never says
 * when the contact is open (`By appointment`, `off`, `unknown`): no schedule anyone can rely on.
 */
export function parseOpeningHours(text: string): OpeningHours | null {
  const reading = readOpeningHours(text);
  return reading.kind === 'accepted' ? reading.hours : null;
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
 * What is stored for an hours text: the canonical opening_hours text of a schedule (`Mon–Fri
 * 9:00–17:00` → `Mo-Fr 09:00-17:00`); any other text, refused ones too, trimmed and unchanged.
 */
export function normalizeOpeningHours(text: string): string {
  const reading = readOpeningHours(text);
  return reading.kind === 'accepted' ? reading.text : text.trim();
}

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** Weeks spread over a year, away from daylight-saving changes: a schedule that differs between them is seasonal. */
const DESCRIBED_WEEKS = [new Date(2024, 0, 15), new Date(2024, 3, 15), new Date(2024, 6, 15), new Date(2024, 9, 14)];

/** An opening within one day, in minutes after its midnight; `end` past 24:00 closes the next day. */
interface DayOpening {
  start: number;
  end: number;
}

const minutesOf = (date: Date) => date.getHours() * 60 + date.getMinutes();
const addDays = (date: Date, days: number) => new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);

/**
 * The openings of each day of the week from `monday`, Monday first: the schedule's open intervals
 * cut at midnight, then an evening that runs on into the next morning joined again as overnight.
 */
function weekOpenings(hours: OpeningHours, monday: Date): DayOpening[][] {
  // Days -1 to 7: Sunday before's night runs into Monday, this Sunday's into the next Monday.
  const days: DayOpening[][] = Array.from({ length: 9 }, () => []);
  const from = addDays(monday, -1);
  for (const [start, end, unknown] of hours.getOpenIntervals(from, addDays(monday, 8))) {
    if (unknown) continue;
    let cursor = start;
    while (cursor < end) {
      const midnight = addDays(cursor, 1);
      const until = end < midnight ? end : midnight;
      const day = Math.round((addDays(cursor, 0).getTime() - from.getTime()) / DAY_MS);
      days[day]!.push({ start: minutesOf(cursor), end: until === midnight ? DAY_MINUTES : minutesOf(until) });
      cursor = until;
    }
  }
  for (let day = 0; day < 8; day++) {
    const evening = days[day]!.find((opening) => opening.start > 0 && opening.end === DAY_MINUTES);
    const morning = days[day + 1]!.find((opening) => opening.start === 0 && opening.end < DAY_MINUTES);
    if (!evening || !morning) continue;
    evening.end = DAY_MINUTES + morning.end;
    days[day + 1] = days[day + 1]!.filter((opening) => opening !== morning);
  }
  return days.slice(1, 8);
}

/** "9:00", as people say a time. */
const spokenTime = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;

function openingsInWords(openings: DayOpening[]): string {
  const parts = openings.map(({ start, end }) => {
    if (start === 0 && end === DAY_MINUTES) return 'all day';
    return end > DAY_MINUTES ? `${spokenTime(start)} to ${spokenTime(end - DAY_MINUTES)} the next day` : `${spokenTime(start)} to ${spokenTime(end)}`;
  });
  return listInWords(parts);
}

/** "a", "a and b", "a, b and c". */
const listInWords = (items: string[]) => (items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);

/** "Monday to Friday", "Saturday and Sunday", "Monday, Wednesday and Friday", "every day". */
function daysInWords(days: number[]): string {
  if (days.length === 7) return 'every day';
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  return listInWords(runs.flatMap((run) => (run.length > 2 ? [`${DAY_NAMES[run[0]!]} to ${DAY_NAMES[run.at(-1)!]}`] : run.map((day) => DAY_NAMES[day]!))));
}

/** A week's openings in words: "Monday to Friday, 9:00 to 17:00; Saturday, 10:00 to 14:00". */
function weekInWords(week: DayOpening[][]): string {
  const byOpenings = new Map<string, number[]>();
  week.forEach((openings, day) => {
    if (openings.length === 0) return;
    const words = openingsInWords(openings.sort((a, b) => a.start - b.start));
    byOpenings.set(words, [...(byOpenings.get(words) ?? []), day]);
  });
  return [...byOpenings].map(([openings, days]) => `${daysInWords(days)}, ${openings}`).join('; ');
}

/**
 * When the contact is open, in words, for the form's preview: "Open Monday to Friday, 9:00 to 17:00
 * (Europe/Berlin time)." The times are the contact's own wall clock, in `timeZone` (from its
 * coordinates, timeZoneAt) or, not known yet, its local time. Null when the text is no schedule, or
 * one that changes through the year (months, weeks): the form then shows the canonical text only.
 */
export function describeOpeningHours(text: string, timeZone: string | null): string | null {
  const hours = parseOpeningHours(text);
  if (!hours) return null;
  if (isAroundTheClock(hours)) return 'Open around the clock, every day.';
  try {
    const [first, ...others] = DESCRIBED_WEEKS.map((monday) => weekInWords(weekOpenings(hours, monday)));
    if (!first || others.some((week) => week !== first)) return null;
    return `Open ${first} (${timeZone ? `${timeZone} time` : "the contact's local time"}).`;
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
