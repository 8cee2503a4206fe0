import KDBush from 'kdbush';
import { nearestItems } from '../bot/index.js';
import type { Sql } from '../sql/database.js';
import { loadPlaceCountries, NEIGHBOURS, readPlacesVersion, type PlacedCountry } from '../sql/cities.js';

/** The gazetteer's places in a kdbush index, each with its country as an index into `codes`. */
interface PlaceCountryIndex {
  version: number;
  /** Null while the gazetteer is empty (kdbush needs at least one point). */
  index: KDBush | null;
  countryOf: Uint16Array;
  codes: string[];
}

/**
 * The rule of pointsInCountries (sql/cities.ts), answered from the gazetteer kept in memory: a CSV
 * file's thousands of points would each cost a nearest-neighbour search through the database's GiST
 * index, about half of an import's time. Kept while the gazetteer's version stands still.
 */
export interface PlaceCountries {
  /** Whether each point lies in its country, as `sql` (the pool or a transaction) sees the gazetteer; undefined while it is empty. */
  inside(sql: Sql, points: readonly PlacedCountry[]): Promise<(boolean | undefined)[]>;
}

async function loadIndex(sql: Sql): Promise<PlaceCountryIndex> {
  const { version, places } = await loadPlaceCountries(sql);
  const codes: string[] = [];
  const codeIds = new Map<string, number>();
  const countryOf = new Uint16Array(places.length);
  const index = places.length > 0 ? new KDBush(places.length) : null;
  places.forEach((place, item) => {
    let id = codeIds.get(place.countryCode);
    if (id === undefined) {
      id = codes.push(place.countryCode) - 1;
      codeIds.set(place.countryCode, id);
    }
    countryOf[item] = id;
    index?.add(place.longitude, place.latitude);
  });
  index?.finish();
  return { version, index, countryOf, codes };
}

export function createPlaceCountries(): PlaceCountries {
  let kept: Promise<PlaceCountryIndex> | undefined;

  async function current(sql: Sql): Promise<PlaceCountryIndex> {
    const version = await readPlacesVersion(sql);
    const held = await kept?.catch(() => undefined);
    if (held && held.version >= version) return held;
    const loading = loadIndex(sql);
    kept = loading;
    loading.catch(() => {
      if (kept === loading) kept = undefined;
    });
    return loading;
  }

  return {
    async inside(sql, points) {
      if (points.length === 0) return [];
      const { index, countryOf, codes } = await current(sql);
      if (!index) return points.map(() => undefined);
      return points.map(({ latitude, longitude, countryCode }) =>
        nearestItems(index, longitude, latitude, NEIGHBOURS).some((item) => codes[countryOf[item]!] === countryCode),
      );
    },
  };
}
