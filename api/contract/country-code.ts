import { getCountries, type CountryCode } from 'libphonenumber-js/max';
import { LANGUAGE_CODES } from './languages.js';

/** "Côte d’Ivoire" and "cote d'ivoire", "Deutschland " and "deutschland" are one name. */
function simplify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

let codes: Set<string> | undefined;
let codesByName: Map<string, CountryCode> | undefined;

/** Every country's name in the bot's languages, as Intl spells them ("Germany", "Deutschland", "Німеччина"). */
function namedCountries(): Map<string, CountryCode> {
  if (codesByName) return codesByName;
  codesByName = new Map();
  for (const language of LANGUAGE_CODES) {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    for (const code of getCountries()) {
      const name = names.of(code);
      if (name && !codesByName.has(simplify(name))) codesByName.set(simplify(name), code);
    }
  }
  return codesByName;
}

/**
 * The ISO 3166-1 alpha-2 code of a contact's country, given as the code ("DE") or as its name in
 * one of the bot's languages ("Germany", "Deutschland"); undefined when it is neither. The
 * countries with telephone numbering plans (libphonenumber's list) are the ones known.
 */
export function countryCode(country: string): CountryCode | undefined {
  const text = country.trim();
  if (/^[a-z]{2}$/i.test(text)) {
    codes ??= new Set(getCountries());
    const code = text.toUpperCase();
    return codes.has(code) ? (code as CountryCode) : undefined;
  }
  return namedCountries().get(simplify(text));
}

let englishNames: Intl.DisplayNames | undefined;

/** A country's English name ("Germany"), for the API's sentences. */
export function countryName(code: string): string {
  englishNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
  return englishNames.of(code) ?? code;
}
