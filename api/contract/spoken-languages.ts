import { z } from 'zod';
import { LANGUAGE_CODES } from './languages.js';
import { createNameIndex, nearestNamed, type CodeName } from './name-index.js';
import { tooLong } from './fields.js';

/**
 * The languages a contact speaks are stored as ISO 639-1 codes ("de") and found by any name: the
 * code, the name in English or in any language the bot speaks ("German", "Deutsch", "німецька"),
 * or the language's own name ("Deutsch", "français"). They are shown as Intl names them, in the
 * reader's language.
 */

/** ISO 639-1, without the codes it withdrew (in, iw, ji, jw, mo, sh, bh). */
export const SPOKEN_LANGUAGE_CODES: readonly string[] = (
  'aa ab ae af ak am an ar as av ay az ba be bg bi bm bn bo br bs ca ce ch co cr cs cu cv cy da de dv dz ee el en eo es et eu ' +
  'fa ff fi fj fo fr fy ga gd gl gn gu gv ha he hi ho hr ht hu hy hz ia id ie ig ii ik io is it iu ja jv ka kg ki kj kk kl km ' +
  'kn ko kr ks ku kv kw ky la lb lg li ln lo lt lu lv mg mh mi mk ml mn mr ms mt my na nb nd ne ng nl nn no nr nv ny oc oj om ' +
  'or os pa pi pl ps pt qu rm rn ro ru rw sa sc sd se sg si sk sl sm sn so sq sr ss st su sv sw ta te tg th ti tk tl tn to tr ' +
  'ts tt tw ty ug uk ur uz ve vi vo wa wo xh yi yo za zh zu'
).split(' ');
const codes = new Set(SPOKEN_LANGUAGE_CODES);

export function isSpokenLanguageCode(code: string): boolean {
  return codes.has(code);
}

const displayNames = new Map<string, Intl.DisplayNames>();
/** Each name once per language: the bot names the languages of every contact of every answer. */
const namesKept = new Map<string, string>();

/** A language's name in the reader's language: "German", "Deutsch" or "німецька" for de; the text itself when it is no code. */
export function spokenLanguageName(code: string, language = 'en'): string {
  if (!isSpokenLanguageCode(code)) return code;
  const key = `${language}\u0000${code}`;
  let name = namesKept.get(key);
  if (name === undefined) {
    let names = displayNames.get(language);
    if (!names) {
      names = new Intl.DisplayNames(language, { type: 'language', fallback: 'none' });
      displayNames.set(language, names);
    }
    name = names.of(code) ?? code;
    namesKept.set(key, name);
  }
  return name;
}

/** Names people write that Intl does not give. */
const ENGLISH_ALIASES: Readonly<Record<string, readonly string[]>> = {
  fa: ['Farsi'],
  tl: ['Tagalog'],
  zh: ['Mandarin'],
};

function* languageNames(): Generator<CodeName> {
  for (const code of SPOKEN_LANGUAGE_CODES) {
    yield { code, name: code, rank: 0 };
    yield { code, name: spokenLanguageName(code), rank: 1 };
    for (const name of ENGLISH_ALIASES[code] ?? []) yield { code, name, rank: 1 };
    yield { code, name: spokenLanguageName(code, code), rank: 2 };
    for (const language of LANGUAGE_CODES) yield { code, name: spokenLanguageName(code, language), rank: 2 };
  }
}

const index = createNameIndex(languageNames);

/** The code of a language written as its code or a name; undefined when none is known. */
export function resolveSpokenLanguage(text: string): string | undefined {
  return index.resolve(text);
}

/** The languages whose names begin with the query, for a picker, each with the name it matched by. */
export function searchSpokenLanguages(query: string, limit = 10) {
  return index.search(query, limit);
}

/** Why a text is not a language: the sentence for a person, naming the nearest languages. */
export function unknownLanguageMessage(text: string): string {
  return `Language "${text}" is not a language the directory knows. Did you mean ${nearestNamed(index, text, (code) => spokenLanguageName(code))}?`;
}

const EMPTY_LANGUAGE = 'Languages cannot hold an empty name. Remove it.';

/**
 * The languages a contact speaks as the API takes them: ISO 639-1 codes, in either case, each once.
 * A name is refused with its code ("Deutsch" is de), anything else with the nearest languages.
 */
export const SpokenLanguagesSchema = z
  .array(z.string().trim().min(1, EMPTY_LANGUAGE).max(50, tooLong('Each language', 50)))
  .max(20, 'Languages may list at most 20 languages. Remove some.')
  .transform((texts, context) => {
    const found: string[] = [];
    for (const text of texts) {
      const code = text.toLowerCase();
      if (isSpokenLanguageCode(code)) {
        if (!found.includes(code)) found.push(code);
        continue;
      }
      const named = resolveSpokenLanguage(text);
      context.addIssue({
        code: 'custom',
        message: named ? `Languages must be ISO 639-1 codes: "${text}" is ${named} (${spokenLanguageName(named)}).` : unknownLanguageMessage(text),
      });
      return z.NEVER;
    }
    return found;
  });
