import type { LanguageCode } from '../api/contract/languages.js';

/** Two-letter language codes by their English names in lower case ("german" → "de"), as Intl knows them. */
const codesByEnglishName = (() => {
  const english = new Intl.DisplayNames('en', { type: 'language', fallback: 'none' });
  const codes = new Map<string, string>();
  for (let first = 97; first <= 122; first += 1) {
    for (let second = 97; second <= 122; second += 1) {
      const code = String.fromCharCode(first, second);
      const name = english.of(code);
      if (name) codes.set(name.toLowerCase(), code);
    }
  }
  return codes;
})();

const displayNames = new Map<LanguageCode, Intl.DisplayNames>();
/** Each name once per language: cards are written for every answer, and directories repeat a few languages. */
const namesKept = new Map<string, string>();

/**
 * A language a contact speaks, as the directory writes it (in English), named in the asker's
 * language: "German" reads "Deutsch" or "німецька". A name Intl does not know keeps its text.
 */
export function spokenLanguageName(name: string, language: LanguageCode): string {
  const key = `${language}\u0000${name}`;
  let shown = namesKept.get(key);
  if (shown === undefined) {
    const code = codesByEnglishName.get(name.trim().toLowerCase());
    let names = displayNames.get(language);
    if (!names) {
      names = new Intl.DisplayNames(language, { type: 'language' });
      displayNames.set(language, names);
    }
    shown = code ? (names.of(code) ?? name) : name;
    namesKept.set(key, shown);
  }
  return shown;
}
