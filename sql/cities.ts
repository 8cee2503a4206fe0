import type { Sql } from './database.js';

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

/**
 * Places whose name matches the text: exact (case-insensitive) matches first, larger places
 * first; then close spellings by trigram similarity, nudged towards larger places, since someone
 * misspelling a city more likely means London than Londa.
 */
export async function searchPlaces(sql: Sql, text: string, limit = 5): Promise<Place[]> {
  const name = text.trim().toLowerCase();
  if (!name) return [];
  return sql<Place[]>`
    (SELECT id, name, region, country, country_code, population, latitude, longitude, 2 AS score
     FROM cities WHERE lower(name) = ${name}
     ORDER BY population DESC LIMIT ${limit})
    UNION ALL
    (SELECT id, name, region, country, country_code, population, latitude, longitude,
       similarity(lower(name), ${name}) + least(log(population + 1) / 70, 0.1) AS score
     FROM cities WHERE lower(name) % ${name} AND lower(name) <> ${name}
     ORDER BY score DESC LIMIT ${limit})
    ORDER BY score DESC, population DESC
    LIMIT ${limit}`;
}

/**
 * The gazetteer place nearest to a point within maxKm, for labelling requests by city, region and
 * country. Farther than that (at sea, in a desert) a point belongs to no place.
 */
export async function nearestPlace(sql: Sql, latitude: number, longitude: number, maxKm = 50): Promise<Place | undefined> {
  const [place] = await sql<Place[]>`
    SELECT id, name, region, country, country_code, population, latitude, longitude
    FROM cities
    WHERE earth_box(ll_to_earth(${latitude}, ${longitude}), ${maxKm * 1000}) @> ll_to_earth(latitude, longitude)
      AND earth_distance(ll_to_earth(latitude, longitude), ll_to_earth(${latitude}, ${longitude})) <= ${maxKm * 1000}
    ORDER BY ll_to_earth(latitude, longitude) <-> ll_to_earth(${latitude}, ${longitude})
    LIMIT 1`;
  return place;
}

export async function findPlace(sql: Sql, id: number): Promise<Place | undefined> {
  const [place] = await sql<Place[]>`
    SELECT id, name, region, country, country_code, population, latitude, longitude FROM cities WHERE id = ${id}`;
  return place;
}
