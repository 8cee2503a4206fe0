import type { Point } from '../sql/contact-lookup.js';

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
const DECIMALS = 5;
/** No answer pages this deep: a bound on what a garbled button can ask for. */
export const MAX_OFFSET = 1000;

export const SEARCH_CALLBACK = /^s:(-?\d{1,2}\.\d{5}):(-?\d{1,3}\.\d{5}):([0-9a-z]{0,7}):([01]):(\d{1,4}):([0-9a-z]{1,7})$/;

/**
 * Encodes variations of one search (its specialty, open-now and offset, as the buttons under an answer
 * change them), formatting its point and time once.
 */
export function searchStateEncoder({ point, since }: Pick<SearchState, 'point' | 'since'>): (state: Pick<SearchState, 'specialtyKey' | 'openNow' | 'offset'>) => string {
  const head = `s:${point.latitude.toFixed(DECIMALS)}:${point.longitude.toFixed(DECIMALS)}:`;
  const tail = `:${since.toString(36)}`;
  return ({ specialtyKey, openNow, offset }) => `${head}${specialtyKey ?? ''}:${openNow ? 1 : 0}:${offset}${tail}`;
}

/** "s:48.85660:2.35220:1x2y3z:1:5:t4k2pc" (the search's time in base 36). */
export function encodeSearchState(state: SearchState): string {
  return searchStateEncoder(state)(state);
}

/** The search a button names; undefined for data that is not one (garbled, or from another version of the bot). */
export function decodeSearchState(data: string): SearchState | undefined {
  const match = SEARCH_CALLBACK.exec(data);
  if (!match) return undefined;
  const [, latitude, longitude, key, openNow, offset, since] = match;
  const point = { latitude: Number(latitude), longitude: Number(longitude) };
  if (Math.abs(point.latitude) > 90 || Math.abs(point.longitude) > 180 || Number(offset) > MAX_OFFSET) return undefined;
  return { point, specialtyKey: key || null, openNow: openNow === '1', offset: Number(offset), since: parseInt(since!, 36) };
}
