import type { CityRow } from '../../sql/cities.js';

/** Cities of 100,000 people or more: enough for place names in tests, and quick to load per file. */
export const LARGE_CITIES = (city: CityRow) => city.population >= 100_000;
