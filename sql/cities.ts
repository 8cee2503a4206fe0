import type { Sql } from './database.js';
import { placesNamed } from '../api/contract/place-names.js';

export interface CityRow {
  id: number;
  name: string;
  altName: string;
  countryCode: string;
  country: string;
  adminCode: string;
  region: string;
  population: number;
  latitude: number;
  longitude: number;
}

export interface Place {
  id: number;
  name: string;
  region: string;
  country: string;
  countryCode: string;
  population: number;
  latitude: number;
  longitude: number;
}

const BATCH_SIZE = 5_000;

/** Bulk-inserts gazetteer rows, a batch per statement through unnest. */
export async function insertCities(sql: Sql, rows: CityRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    const batch = rows.slice(start, start + BATCH_SIZE);
    const column = <K extends keyof CityRow>(key: K) => batch.map((row) => row[key]);
    await sql`
      INSERT INTO cities (id, name, alt_name, country_code, country, admin_code, region, population, latitude, longitude)
      SELECT * FROM unnest(
        ${column('id')}::bigint[], ${column('name')}::text[], ${column('altName')}::text[],
        ${column('countryCode')}::text[], ${column('country')}::text[], ${column('adminCode')}::text[],
        ${column('region')}::text[], ${column('population')}::int[],
        ${column('latitude')}::float8[], ${column('longitude')}::float8[])
      ON CONFLICT (id) DO NOTHING`;
  }
}

/** A place a searched name found, and how. */
export interface PlaceMatch extends Place {
  /**
   * The text is the place's name, its own (case aside) or another it is known by ("München" for
   * Munich): the place is named, not merely spelled alike, even when the name shown differs.
   */
  exact: boolean;
}

/**
 * Places whose name matches the text: exact (case-insensitive) matches first, and places known by
 * that name in another language or script ("Київ", "München", accents optional), larger places
 * first; then close spellings by trigram similarity, nudged towards larger places, since someone
 * misspelling a city more likely means London than Londa.
 */
export async function searchPlaces(sql: Sql, text: string, limit = 5): Promise<PlaceMatch[]> {
  const name = text.trim().toLowerCase();
  if (!name) return [];
  const alsoNamed = placesNamed(text);
  return sql<PlaceMatch[]>`
    (SELECT id, name, region, country, country_code, population, latitude, longitude, true AS exact, 2 AS score
     FROM cities WHERE lower(name) = ${name} OR id = ANY(${alsoNamed}::bigint[])
     ORDER BY population DESC LIMIT ${limit})
    UNION ALL
    (SELECT id, name, region, country, country_code, population, latitude, longitude, false AS exact,
       similarity(lower(name), ${name}) + least(log(population + 1) / 70, 0.1) AS score
     FROM cities WHERE lower(name) % ${name} AND lower(name) <> ${name} AND id <> ALL(${alsoNamed}::bigint[])
     ORDER BY score DESC LIMIT ${limit})
    ORDER BY score DESC, population DESC
    LIMIT ${limit}`;
}

/** The gazetteer's version: migration 030's 'places' counter, which every write to it moves. */
export async function readPlacesVersion(sql: Sql): Promise<number> {
  const [row] = await sql<{ version: number }[]>`SELECT version FROM bot_state_versions WHERE area = 'places'`;
  return Number(row!.version);
}

/** The gazetteer's places as of one version, which the bot keeps in memory (bot/answering/gazetteer.ts). */
export async function loadGazetteerPlaces(sql: Sql): Promise<{ version: number; places: Place[] }> {
  // The version first, as the contact directory: a write in between makes the next check reload.
  const version = await readPlacesVersion(sql);
  const places = [...(await sql<Place[]>`SELECT id, name, region, country, country_code, population, latitude, longitude FROM cities`)];
  return { version, places };
}

/** Where a gazetteer place, or a point checked against a country, is, and its country. */
export type PlacedCountry = Pick<Place, 'countryCode' | 'latitude' | 'longitude'>;

/** Every gazetteer place's position and country as of one version, for checking a file's points in memory (api/place-countries.ts). */
export async function loadPlaceCountries(sql: Sql): Promise<{ version: number; places: PlacedCountry[] }> {
  const version = await readPlacesVersion(sql);
  const places = [...(await sql<PlacedCountry[]>`SELECT country_code, latitude, longitude FROM cities`)];
  return { version, places };
}

/** Enough nearest places that a point near a border still finds one of its own country among them (api/place-countries.ts reads as many). */
export const NEIGHBOURS = 10;

/**
 * Whether each point lies in its country (ISO code), as the gazetteer tells: one of the places
 * nearest to it, however far, is in that country. Near a border both countries count; at sea, or
 * across the world (latitude and longitude swapped), neither. Undefined while the gazetteer is empty.
 */
export async function pointsInCountries(sql: Sql, points: readonly PlacedCountry[]): Promise<(boolean | undefined)[]> {
  if (points.length === 0) return [];
  const rows = await sql<{ index: number; inside: boolean }[]>`
    SELECT u.index::int AS index, bool_or(near.country_code = u.code) AS inside
    FROM unnest(${points.map((point) => point.latitude)}::float8[], ${points.map((point) => point.longitude)}::float8[],
      ${points.map((point) => point.countryCode)}::text[]) WITH ORDINALITY AS u(latitude, longitude, code, index)
    CROSS JOIN LATERAL (
      SELECT country_code FROM cities
      ORDER BY ll_to_earth(latitude, longitude) <-> ll_to_earth(u.latitude, u.longitude)
      LIMIT ${NEIGHBOURS}) near
    GROUP BY u.index`;
  const inside = new Map(rows.map((row) => [row.index, row.inside]));
  return points.map((_, index) => inside.get(index + 1));
}
