import { COUNTRY_CODES, countryName } from '@contract/countries.js';
import { searchCountries } from '@contract/country-lookup.js';
import { nameKey, type NameMatch } from '@contract/name-index.js';
import { searchSpokenLanguages, SPOKEN_LANGUAGE_CODES, spokenLanguageName } from '@contract/spoken-languages.js';
import { CodeListPickerField, CodePickerField, type CodeOption } from './code-picker-fields.js';
import type { ReactNode } from 'react';

/**
 * The country and language pickers: comboboxes over the contract's names, in English as the console
 * writes, that find a code by its name in any language.
 */

/** How many matches a picker lists for what is typed. */
const MATCHES_SHOWN = 20;

const byLabel = (a: CodeOption, b: CodeOption) => a.label.localeCompare(b.label, 'en');

/** A match named in English, with the name it was found by when that is another ("Germany · Deutschland"). */
function option({ code, name }: NameMatch, nameOf: (code: string) => string): CodeOption {
  const label = nameOf(code);
  return nameKey(name) === nameKey(label) || nameKey(name) === nameKey(code) ? { code, label } : { code, label, matched: name };
}

/** The pickers' options for nothing typed: every code, by its English name. */
function everyCode(codes: readonly string[], nameOf: (code: string) => string): () => CodeOption[] {
  let all: CodeOption[] | undefined;
  return () => (all ??= codes.map((code) => ({ code, label: nameOf(code) })).sort(byLabel));
}

const everyCountry = everyCode(COUNTRY_CODES, (code) => countryName(code));
const everyLanguage = everyCode(SPOKEN_LANGUAGE_CODES, (code) => spokenLanguageName(code));

type Options = (query: string, limit?: number) => CodeOption[];

/** The country picker's options: the console names countries in English, and finds them by any name. */
const countryOptions: Options = (query, limit = MATCHES_SHOWN) => {
  if (query.trim() === '') return everyCountry();
  return searchCountries(query, limit).map((match) => option(match, (code) => countryName(code)));
};

/** The language picker's options, as the country picker's. */
const languageOptions: Options = (query, limit = MATCHES_SHOWN) => {
  if (query.trim() === '') return everyLanguage();
  return searchSpokenLanguages(query, limit).map((match) => option(match, (code) => spokenLanguageName(code)));
};

/** Only the options among these codes (a filter offers what the directory holds), each of them searched. */
function among(codes: readonly string[], options: Options): (query: string) => CodeOption[] {
  const held = new Set(codes);
  return (query) => options(query, Infinity).filter((candidate) => held.has(candidate.code)).slice(0, query.trim() === '' ? undefined : MATCHES_SHOWN);
}

const noCountryCalled = (query: string) => `No country is called “${query}”.`;
const noLanguageCalled = (query: string) => `No language is called “${query}”.`;
const nameCountry = (code: string) => countryName(code);
const nameLanguage = (code: string) => spokenLanguageName(code);

interface CodeFieldProps {
  label: string;
  error?: string;
  placeholder?: string;
  /** Shown under the field, such as a value the directory does not recognise. */
  after?: ReactNode;
  /** Only these codes are offered (a filter offers what the directory holds); every code when absent. */
  offered?: readonly string[];
}

/** A country picked by any of its names, shown in English; the value is its ISO 3166-1 code. */
export function CountryField({ offered, ...props }: CodeFieldProps & { value: string; onChange: (code: string) => void; required?: boolean }) {
  return <CodePickerField {...props} options={offered ? among(offered, countryOptions) : countryOptions} nameOf={nameCountry} noMatch={noCountryCalled} />;
}

/** One language picked by any of its names, shown in English; the value is its ISO 639-1 code. */
export function LanguageField({ offered, ...props }: CodeFieldProps & { value: string; onChange: (code: string) => void }) {
  return <CodePickerField {...props} options={offered ? among(offered, languageOptions) : languageOptions} nameOf={nameLanguage} noMatch={noLanguageCalled} />;
}

/** The languages a contact speaks, each picked by any of its names. */
export function LanguagesField({ offered, ...props }: CodeFieldProps & { value: readonly string[]; onChange: (codes: string[]) => void }) {
  return <CodeListPickerField {...props} options={offered ? among(offered, languageOptions) : languageOptions} nameOf={nameLanguage} noMatch={noLanguageCalled} />;
}
