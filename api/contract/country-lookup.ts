import { z } from 'zod';
import { ALPHA3_BY_CODE, COUNTRY_CODES, countryName, isCountryCode } from './countries.js';
import { COUNTRY_NAME_LOCALES } from './country-names.js';
import { createNameIndex, nearestNamed, type CodeName } from './name-index.js';

/**
 * A country found by any name: its code, its alpha-3 code, or its name in any language
 * i18n-iso-countries knows ("Deutschland", "Німеччина", "Germany" are DE). The form's picker, the
 * API and the CSV import read names by these rules alike.
 */

/** Everyday English names the library does not give, which directories are written with. */
const ENGLISH_ALIASES: Readonly<Record<string, readonly string[]>> = {
  GB: ['U.K.', 'Britain', 'England', 'Scotland', 'Wales', 'Northern Ireland'],
  US: ['America'],
};

function* countryNames(): Generator<CodeName> {
  for (const code of COUNTRY_CODES) {
    yield { code, name: code, rank: 0 };
    yield { code, name: ALPHA3_BY_CODE[code]!, rank: 0 };
    // The console shows Intl's English name ("Türkiye", "Czechia"): it is found by it too.
    yield { code, name: countryName(code), rank: 1 };
    for (const name of ENGLISH_ALIASES[code] ?? []) yield { code, name, rank: 1 };
  }
  for (const locale of COUNTRY_NAME_LOCALES) {
    const rank = locale.locale === 'en' ? 1 : 2;
    for (const [code, names] of Object.entries(locale.countries)) {
      for (const name of typeof names === 'string' ? [names] : names) yield { code, name, rank };
    }
  }
}

const index = createNameIndex(countryNames);

/** The code of a country written as its code or a name in any language; undefined when none is known. */
export function resolveCountry(text: string): string | undefined {
  return index.resolve(text);
}

/** The countries whose names begin with the query in any language, for a picker, each with the name it matched by. */
export function searchCountries(query: string, limit = 10) {
  return index.search(query, limit);
}

/** Why a text is not a country: the sentence for a person, naming the nearest countries. */
export function unknownCountryMessage(text: string): string {
  return `Country "${text}" is not a country the directory knows. Did you mean ${nearestNamed(index, text, (code) => countryName(code))}?`;
}

const COUNTRY_REQUIRED = 'Country is required. Enter it.';

/**
 * A country as the API takes it: its ISO 3166-1 alpha-2 code, in either case. A name is refused with
 * its code ("Deutschland" is DE), anything else with the nearest countries.
 */
export const CountryCodeSchema = z
  .string({ error: COUNTRY_REQUIRED })
  .trim()
  .min(1, COUNTRY_REQUIRED)
  .transform((text, context) => {
    if (isCountryCode(text.toUpperCase())) return text.toUpperCase();
    const code = resolveCountry(text);
    context.addIssue({
      code: 'custom',
      message: code ? `Country must be an ISO 3166-1 code: "${text}" is ${code} (${countryName(code)}).` : unknownCountryMessage(text),
    });
    return z.NEVER;
  });
