import { distance } from 'fastest-levenshtein';
import { z } from 'zod';
import { tooLong } from './fields.js';
import { formatCount } from './plural.js';
import { LANGUAGE_CODES, languageName, type LanguageCode } from './languages.js';
import { KNOWN_SPECIALTIES, SPECIALTY_NAMES, SPECIALTY_SYNONYMS } from './specialty-names.js';
import { normalize } from './spelling.js';

/**
 * The specialties' one taxonomy: the known ones (`specialty-names.ts`, named in the bot's eight
 * languages, with their synonyms) and those staff added in Settings → Specialties, each with its
 * names per language. A contact's specialty is a taxonomy entry's English name. The console's picker,
 * the API's check, the CSV import, migration 048 and the bot's search all read it from here.
 */

/** A specialty's names: English, which is also its name in the directory, and any of the bot's other languages. */
export type SpecialtyNames = { en: string } & Partial<Record<LanguageCode, string>>;

/** A specialty staff added, as the taxonomy takes it. */
export interface AddedSpecialty {
  names: SpecialtyNames;
}

/** One text that names a specialty, normalized (lower case, without accents). */
export interface SpecialtyTerm {
  term: string;
  specialty: string;
}

export interface SpecialtyTaxonomy {
  /** Every specialty's name, the known ones first. */
  readonly specialties: readonly string[];
  /** Every name and synonym in every language, the known specialties' first. */
  readonly terms: readonly SpecialtyTerm[];
  /** The specialty a text names exactly (any language, any case, with or without accents); undefined when none. */
  resolve(text: string): string | undefined;
  /** The specialties whose names are spelt nearest the text, nearest first: what a refusal suggests. */
  nearest(text: string): string[];
  /** The specialties a typed part of a name finds, for a picker: each with the name it was found by when not its own. */
  search(text: string): { specialty: string; matched: string | null }[];
  /** A specialty as a reader of this language reads it: its name there, else its English name (a value outside the taxonomy as stored). */
  label(specialty: string, language: LanguageCode): string;
  /** A specialty's names by language; undefined for a name outside the taxonomy. */
  namesOf(specialty: string): SpecialtyNames | undefined;
}

/** At most this many specialties are suggested for an unknown name. */
const MAX_SUGGESTIONS = 3;

/** The typos within which a name is suggested: more than the bot's search allows, since a suggestion is only offered, never taken. */
function suggestionTolerance(length: number): number {
  return Math.max(1, Math.floor(length / 3));
}
/** A typed text this long that begins a name is suggested too ("Derma" for Dermatology), as if one typo away. */
const SUGGESTED_PREFIX = 4;

const knownNames = (specialty: (typeof KNOWN_SPECIALTIES)[number]) =>
  Object.fromEntries(LANGUAGE_CODES.map((language) => [language, SPECIALTY_NAMES[language][specialty]])) as SpecialtyNames;

/** Builds the taxonomy from the specialties staff added (the known ones are always in it). */
export function specialtyTaxonomy(added: readonly AddedSpecialty[] = []): SpecialtyTaxonomy {
  const entries = [
    ...KNOWN_SPECIALTIES.map((specialty) => ({ names: knownNames(specialty), synonyms: SPECIALTY_SYNONYMS[specialty] })),
    ...added.map(({ names }) => ({ names, synonyms: [] as readonly string[] })),
  ];
  const terms: SpecialtyTerm[] = [];
  const byTerm = new Map<string, string>();
  const namesOf = new Map<string, SpecialtyNames>();
  for (const { names, synonyms } of entries) {
    const specialty = names.en;
    namesOf.set(normalize(specialty), names);
    for (const text of [specialty, ...Object.values(names), ...synonyms]) {
      const term = normalize(text);
      // The first specialty to claim a name keeps it: staff cannot add a name another specialty has (specialtyNameTaken).
      if (term === '' || byTerm.has(term)) continue;
      byTerm.set(term, specialty);
      terms.push({ term, specialty });
    }
  }
  const specialties = entries.map(({ names }) => names.en);
  const termText = new Map(entries.flatMap(({ names, synonyms }) => [...Object.values(names), ...synonyms].map((text) => [normalize(text), text] as const)));

  return {
    specialties,
    terms,
    resolve: (text) => byTerm.get(normalize(text)),
    nearest(text) {
      const typed = normalize(text);
      const best = new Map<string, number>();
      for (const { term, specialty } of terms) {
        const found = typed.length >= SUGGESTED_PREFIX && term.startsWith(typed) ? 1 : distance(typed, term);
        if (found <= suggestionTolerance(typed.length) && found < (best.get(specialty) ?? Infinity)) best.set(specialty, found);
      }
      return [...best]
        .sort(([a, x], [b, y]) => x - y || a.localeCompare(b))
        .slice(0, MAX_SUGGESTIONS)
        .map(([specialty]) => specialty);
    },
    search(text) {
      const typed = normalize(text);
      if (typed === '') return [...specialties].sort((a, b) => a.localeCompare(b)).map((specialty) => ({ specialty, matched: null }));
      const found = new Map<string, string | null>();
      for (const { term, specialty } of terms) {
        if (found.get(specialty) === null || !term.includes(typed)) continue;
        found.set(specialty, term === normalize(specialty) ? null : (found.get(specialty) ?? termText.get(term) ?? term));
      }
      return [...found].map(([specialty, matched]) => ({ specialty, matched })).sort((a, b) => a.specialty.localeCompare(b.specialty));
    },
    label(specialty, language) {
      const names = namesOf.get(normalize(specialty));
      return names ? (names[language] ?? names.en) : specialty;
    },
    namesOf: (specialty) => namesOf.get(normalize(specialty)),
  };
}

/** The known specialties alone: before staff added any, and where the staff's are not at hand. */
export const KNOWN_TAXONOMY = specialtyTaxonomy();

/** The refusal of a name the taxonomy does not know, with the nearest names when there are any. */
export function unknownSpecialtyMessage(text: string, suggestions: readonly string[]): string {
  const unknown = `Unknown specialty "${text.trim()}".`;
  return suggestions.length > 0
    ? `${unknown} Did you mean: ${suggestions.join(', ')}?`
    : `${unknown} Choose one from the list; an admin can add a specialty in Settings → Specialties.`;
}

/**
 * The one rule for a contact's specialty, wherever it is entered (the form as staff type, the API,
 * the CSV import, the bulk edit): empty stays empty, a name or synonym in any language becomes the
 * specialty's English name, anything else is refused with the nearest names, never saved as a new one.
 */
export function checkSpecialty(text: string, taxonomy: SpecialtyTaxonomy): { specialty: string } | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { specialty: '' };
  const specialty = taxonomy.resolve(trimmed);
  return specialty === undefined ? { error: unknownSpecialtyMessage(trimmed, taxonomy.nearest(trimmed)) } : { specialty };
}

/**
 * The specialty another entry already gives a name, if any: a name may name one specialty only, or the
 * same words would find two. `own` is the English name of the specialty being edited, whose names are its own.
 */
export function specialtyNameTaken(name: string, taxonomy: SpecialtyTaxonomy, own?: string): string | undefined {
  const specialty = taxonomy.resolve(name);
  return specialty !== undefined && (own === undefined || normalize(specialty) !== normalize(own)) ? specialty : undefined;
}

/** The refusal of a name another specialty has. */
export const nameTakenMessage = (name: string, specialty: string) => `"${name.trim()}" already names ${specialty}. Choose another name, or use ${specialty}.`;

/** Why a specialty staff added cannot be deleted yet, and what to do: a delete never leaves a contact's specialty outside the list. */
export function specialtyInUseMessage(name: string, contacts: number): string {
  return `${name} is the specialty of ${formatCount(contacts, 'contact')}. Give ${contacts === 1 ? 'it' : 'them'} another specialty first (Medical Contacts, filtered by ${name}, then Bulk Edit), then delete it.`;
}

const SPECIALTY_NAME_MAX = 100;

const specialtyName = (language: LanguageCode) =>
  z.string({ error: `The ${languageName(language)} name must be text.` }).trim().max(SPECIALTY_NAME_MAX, tooLong(`The ${languageName(language)} name`, SPECIALTY_NAME_MAX));

const ENGLISH_NAME_RULE = 'The English name is required: it is the name the directory stores. Enter it.';

/** A specialty's names as staff enter them: English required, the others optional (an empty one is left out). */
export const SpecialtyNamesSchema = z
  .object({
    ...Object.fromEntries(LANGUAGE_CODES.map((language) => [language, specialtyName(language).optional()])),
    en: z.string({ error: ENGLISH_NAME_RULE }).trim().min(1, ENGLISH_NAME_RULE).max(SPECIALTY_NAME_MAX, tooLong('The English name', SPECIALTY_NAME_MAX)),
  })
  .transform((names) => Object.fromEntries(Object.entries(names).filter(([, name]) => name)) as SpecialtyNames);

/** POST /api/specialties and PATCH /api/specialties/{id}. */
export const SpecialtyRequestSchema = z.object({ names: SpecialtyNamesSchema });
export type SpecialtyRequest = z.infer<typeof SpecialtyRequestSchema>;

export const SpecialtySchema = z.object({
  /** null for a known specialty, which is part of the product and cannot be edited. */
  id: z.number().nullable(),
  name: z.string(),
  names: z.record(z.string(), z.string()),
  builtIn: z.boolean(),
  /** How many contacts have it. */
  contacts: z.number(),
});
export type Specialty = z.infer<typeof SpecialtySchema>;

/** GET /api/specialties: the known specialties, then those staff added. */
export const SpecialtyListSchema = z.object({ items: z.array(SpecialtySchema) });
export type SpecialtyList = z.infer<typeof SpecialtyListSchema>;

/** The taxonomy of a list the API answered: the console's copy of the server's. */
export function taxonomyOfList(list: SpecialtyList | undefined): SpecialtyTaxonomy {
  if (!list) return KNOWN_TAXONOMY;
  return specialtyTaxonomy(list.items.filter((item) => !item.builtIn).map((item) => ({ names: { ...item.names, en: item.name } })));
}
