import type { Point } from './contact-lookup.js';

/**
 * One search as the buttons under its answer carry it: the point searched around, the specialty
 * (as its specialtyKey), whether only contacts open now are wanted, and how many results were
 * shown before (More results), and when the search that was paid for was made.
 */
export interface SearchState {
  point: Point;
  /** specialtyKey of the specialty; null: every specialty. */
  specialtyKey: string | null;
  openNow: boolean;
  offset: number;
  /**
   * Epoch seconds of the paid search these buttons follow up: its free window runs from there, so a
   * follow-up's own answer does not open a new one.
   */
  since: number;
}

/** Telegram refuses callback data longer than this many bytes. */
export const CALLBACK_DATA_LIMIT = 64;
/** A point to 5 decimals is within about a metre: the same place, in a button's few bytes. */
export const COORDINATE_DECIMALS = 5;
/** No answer pages this deep: a bound on what a garbled button can ask for. */
export const MAX_OFFSET = 1000;

/** A search in a button's data, after its action: "48.85660:2.35220:1x2y3z:1:5:t4k2pc". */
const STATE = String.raw`(-?\d{1,2}\.\d{5}):(-?\d{1,3}\.\d{5}):([0-9a-z]{0,7}):([01]):(\d{1,4}):([0-9a-z]{1,7})`;

/**
 * What a button under an answer does with the search it carries: answer it (a new message), or show
 * another keyboard in place of the answer's (docs/bot.md, "The buttons under an answer").
 */
export const BUTTON_ACTIONS = {
  answer: 's',
  /** The specialties to choose from, and ◀ Back. */
  specialties: 'f',
  /** The page's contacts, to send one as a venue, and ◀ Back. */
  map: 'm',
  /** Back to the answer's own keyboard. */
  keyboard: 'k',
} as const;

export type ButtonAction = keyof typeof BUTTON_ACTIONS;
/** The actions that change the keyboard of the answer's message rather than answer again. */
export type KeyboardView = Exclude<ButtonAction, 'answer'>;

const VIEWS: Record<string, KeyboardView> = { [BUTTON_ACTIONS.specialties]: 'specialties', [BUTTON_ACTIONS.map]: 'map', [BUTTON_ACTIONS.keyboard]: 'keyboard' };

export const SEARCH_CALLBACK = new RegExp(`^${BUTTON_ACTIONS.answer}:${STATE}$`);
export const KEYBOARD_CALLBACK = new RegExp(`^([${BUTTON_ACTIONS.specialties}${BUTTON_ACTIONS.map}${BUTTON_ACTIONS.keyboard}]):${STATE}$`);

/**
 * Encodes variations of one search (its specialty, open-now and offset, as the buttons under an answer
 * change them) for an action, formatting its point and time once.
 */
export function searchStateEncoder({ point, since }: Pick<SearchState, 'point' | 'since'>): (state: Pick<SearchState, 'specialtyKey' | 'openNow' | 'offset'>, action?: ButtonAction) => string {
  const head = `:${point.latitude.toFixed(COORDINATE_DECIMALS)}:${point.longitude.toFixed(COORDINATE_DECIMALS)}:`;
  const tail = `:${since.toString(36)}`;
  return ({ specialtyKey, openNow, offset }, action = 'answer') => `${BUTTON_ACTIONS[action]}${head}${specialtyKey ?? ''}:${openNow ? 1 : 0}:${offset}${tail}`;
}

/** "s:48.85660:2.35220:1x2y3z:1:5:t4k2pc" (the search's time in base 36). */
export function encodeSearchState(state: SearchState, action: ButtonAction = 'answer'): string {
  return searchStateEncoder(state)(state, action);
}

function stateOf(match: RegExpExecArray, first: number): SearchState | undefined {
  const [latitude, longitude, key, openNow, offset, since] = match.slice(first, first + 6);
  const point = { latitude: Number(latitude), longitude: Number(longitude) };
  if (Math.abs(point.latitude) > 90 || Math.abs(point.longitude) > 180 || Number(offset) > MAX_OFFSET) return undefined;
  return { point, specialtyKey: key || null, openNow: openNow === '1', offset: Number(offset), since: parseInt(since!, 36) };
}

/** The search a button names; undefined for data that is not one (garbled, or from another version of the bot). */
export function decodeSearchState(data: string): SearchState | undefined {
  const match = SEARCH_CALLBACK.exec(data);
  return match ? stateOf(match, 1) : undefined;
}

/** The keyboard a button asks for and the search it is of; undefined for data that is not one. */
export function decodeKeyboardButton(data: string): { view: KeyboardView; state: SearchState } | undefined {
  const match = KEYBOARD_CALLBACK.exec(data);
  const state = match ? stateOf(match, 2) : undefined;
  if (!match || !state) return undefined;
  return { view: VIEWS[match[1]!]!, state };
}
