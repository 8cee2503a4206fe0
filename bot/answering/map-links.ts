import type { Point } from './contact-lookup.js';
import { COORDINATE_DECIMALS as DECIMALS } from './search-state.js';

/** What the Mini App opens on: a point and the filters of the answer its 🗺 Map button sits under. */
export interface MapView {
  point: Point;
  /** specialtyKey() of the specialty narrowed to; null: every specialty. */
  specialtyKey: string | null;
  openNow: boolean;
}

/**
 * The Mini App's address opened on a view: `?latitude=&longitude=` with 5 decimals, then `specialty=<key>`
 * and `openNow=1` when the answer was narrowed to them (the page reads exactly these names).
 */
export function miniAppLink(base: string, { point, specialtyKey, openNow }: MapView): string {
  const url = new URL(base);
  url.searchParams.set('latitude', point.latitude.toFixed(DECIMALS));
  url.searchParams.set('longitude', point.longitude.toFixed(DECIMALS));
  if (specialtyKey !== null) url.searchParams.set('specialty', specialtyKey);
  if (openNow) url.searchParams.set('openNow', '1');
  return url.toString();
}

/** The `/start` prefix of a point: a poster's QR code, or a group's 🗺 Map button, opens its nearest contacts. */
export const NEAR_PREFIX = 'near_';

/** Telegram's longest start payload (`t.me/<bot>?start=…`). */
export const MAX_START_PAYLOAD = 64;

/**
 * A start payload allows only A–Z a–z 0–9 _ and -: the decimal point of a coordinate is written `d`
 * (`near_50d45010_30d52340`, `near_-33d86880_151d20930`); whole degrees need none (`near_50_30`).
 */
const COORDINATE = /^(-?\d{1,3})(?:d(\d{1,7}))?$/;
/**
 * The filters after the point: one digit for Open now (1) or not (0), then the specialty key or nothing.
 * Everything after the point's second `_` is the filters, so a key may hold `_` or `-` and still parse.
 */
const FILTERS = /^([01])([A-Za-z0-9_-]*)$/;

/**
 * A view as the value of a `near_` payload (what follows the prefix): the point, then `_<0|1><specialty key>`
 * when the view is narrowed (`near_45d77400_4d83570_1k3x9a`: open now, one specialty). When the filters would
 * take the payload past Telegram's 64 characters, the point alone: the private answer is then unfiltered.
 */
export function nearPayload({ point, specialtyKey, openNow }: MapView): string {
  const write = (degrees: number) => degrees.toFixed(DECIMALS).replace('.', 'd');
  const where = `${write(point.latitude)}_${write(point.longitude)}`;
  if (specialtyKey === null && !openNow) return where;
  const narrowed = `${where}_${openNow ? 1 : 0}${specialtyKey ?? ''}`;
  return NEAR_PREFIX.length + narrowed.length <= MAX_START_PAYLOAD ? narrowed : where;
}

/** The view a `near_` payload's value names; undefined when it names none (garbled, or off the globe). */
export function parseNearPayload(value: string): MapView | undefined {
  const [latitudeText, longitudeText, ...rest] = value.split('_');
  if (latitudeText === undefined || longitudeText === undefined) return undefined;
  const filters = rest.length === 0 ? undefined : FILTERS.exec(rest.join('_'));
  if (rest.length > 0 && !filters) return undefined;
  const read = (text: string) => {
    const match = COORDINATE.exec(text);
    return match ? Number(`${match[1]}.${match[2] ?? '0'}`) : undefined;
  };
  const latitude = read(latitudeText);
  const longitude = read(longitudeText);
  if (latitude === undefined || longitude === undefined || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return undefined;
  return { point: { latitude, longitude }, specialtyKey: filters?.[2] || null, openNow: filters?.[1] === '1' };
}
