import isoCodes from 'i18n-iso-countries/codes.json' with { type: 'json' };

/**
 * Countries are stored as ISO 3166-1 alpha-2 codes ("DE") and shown as Intl names them, in the
 * reader's language. Finding one by its name in any language is country-lookup.ts's: its names
 * weigh more than the console's screens that only show countries should load.
 */

/**
 * Each ISO 3166-1 alpha-2 code's alpha-3 code ("DE" → "DEU"), from the package's code table: its
 * CommonJS entry would bring the bundler's CommonJS runtime into the console's login screen.
 */
export const ALPHA3_BY_CODE: Readonly<Record<string, string>> = Object.fromEntries(isoCodes.map(([alpha2, alpha3]) => [alpha2, alpha3]));

/** Every ISO 3166-1 alpha-2 code, in alphabetical order. */
export const COUNTRY_CODES: readonly string[] = Object.keys(ALPHA3_BY_CODE).sort();
const codes = new Set(COUNTRY_CODES);

export function isCountryCode(code: string): boolean {
  return codes.has(code);
}

const displayNames = new Map<string, Intl.DisplayNames>();

/**
 * The country's name in a language ("Germany", "Deutschland", "Німеччина"); its code when the
 * language has none, and the text itself when it is no code (a name from an old link).
 */
export function countryName(code: string, language = 'en'): string {
  if (!isCountryCode(code)) return code;
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames(language, { type: 'region', fallback: 'none' });
    displayNames.set(language, names);
  }
  return names.of(code) ?? code;
}
