import { distance } from 'fastest-levenshtein';
import type { SpecialtyTaxonomy, SpecialtyTerm } from '../../api/contract/specialties.js';
import { normalize, typoTolerance } from '../../api/contract/spelling.js';

/** Words that join a specialty to its place ("cardiology near Lyon"), in the bot's languages. */
const JOINING_WORDS = new Set([
  'near', 'in', 'at', 'around', 'me', 'close', 'to',
  'біля', 'поруч', 'в', 'у', 'коло',
  'w', 'we', 'koło', 'blisko', 'obok',
  'bei', 'nahe', 'im', 'mir',
  'à', 'a', 'près', 'pres', 'de', 'du', 'proche', 'en',
  'cerca', 'em', 'perto', 'no', 'na', 'vicino', 'da',
].map(normalize));

/** Words that ask rather than name a place ("I need a", "je cherche un"), in the bot's languages. */
const ASKING_WORDS = new Set([
  'i', 'im', "i'm", 'need', 'want', 'looking', 'look', 'for', 'find', 'an', 'some', 'please', 'where', 'is', 'there', 'any', 'can', 'get', 'my', 'good',
  'мені', 'потрібен', 'потрібна', 'потрібно', 'шукаю', 'де', 'знайти', 'будь', 'ласка', 'є',
  'potrzebuję', 'potrzebuje', 'szukam', 'gdzie', 'jest', 'proszę', 'prosze', 'dobrego',
  'ich', 'brauche', 'suche', 'einen', 'eine', 'ein', 'bitte', 'wo', 'ist', 'gibt', 'es', 'guten',
  'je', 'cherche', 'besoin', "j'ai", 'ai', 'un', 'une', "d'un", "d'une", 'où', 'ou', 'est', 'bon',
  'cerco', 'ho', 'bisogno', 'uno', 'di', 'dove', 'per', 'favore', 'buon',
  'preciso', 'procuro', 'um', 'uma', 'onde', 'por', 'favor', 'bom',
  'necesito', 'busco', 'dónde', 'donde', 'buen',
].map(normalize));

/**
 * A short name for a specialty that stays the same across restarts and instances (a base-36
 * FNV-1a hash of its normalized name), so buttons can name it within Telegram's 64 bytes.
 */
export function specialtyKey(specialty: string): string {
  let hash = 0x811c9dc5;
  for (const char of normalize(specialty)) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The specialty of the directory a key names; undefined when none does (any more). */
export function specialtyOfKey(key: string, specialties: readonly string[]): string | undefined {
  return specialties.find((specialty) => specialtyKey(specialty) === key);
}

export interface SpecialtyQuery {
  /** The directory's name of the specialty (or the common name, when the directory has none of it). */
  specialty: string;
  /** What is left of the text once the specialty and joining words are taken away: the place, or empty. */
  place: string;
}

/**
 * The directory's specialties by their own names, then every name and synonym of the taxonomy (the
 * names the buttons show among them, so typing what a button said finds it too), each naming the
 * directory's spelling of its specialty when the directory has it.
 */
function termsOf(specialties: readonly string[], taxonomy: SpecialtyTaxonomy): SpecialtyTerm[] {
  const named = new Map(specialties.map((specialty) => [normalize(specialty), specialty]));
  return [
    ...specialties.map((specialty) => ({ term: normalize(specialty), specialty })),
    ...taxonomy.terms.map(({ term, specialty }) => ({ term, specialty: named.get(normalize(specialty)) ?? specialty })),
  ];
}

/** The specialty a phrase names, the closest within the typos allowed; undefined when none is close enough. */
function specialtyNamed(phrase: string, terms: readonly SpecialtyTerm[]): { specialty: string; typos: number } | undefined {
  let best: { specialty: string; typos: number } | undefined;
  for (const { term, specialty } of terms) {
    const found = distance(phrase, term);
    if (found <= typoTolerance(term.length) && (!best || found < best.typos)) best = { specialty, typos: found };
  }
  return best;
}

const MAX_SPECIALTY_WORDS = 3;
/** Longer text is a message, not a search: its words are not searched for a specialty. */
const MAX_QUERY_WORDS = 12;

/** A word that joins or asks ("near", "I", "need", "suche"): part of no place's name. */
export function isJoiningOrAskingWord(word: string): boolean {
  return JOINING_WORDS.has(normalize(word)) || ASKING_WORDS.has(normalize(word));
}

/** The words around a specialty that are not its place: joining ones and those of asking, at either end. */
function placeWords(words: string[]): string {
  const rest = [...words];
  while (rest.length > 0 && isJoiningOrAskingWord(rest[0]!)) rest.shift();
  while (rest.length > 0 && isJoiningOrAskingWord(rest.at(-1)!)) rest.pop();
  return rest.join(' ');
}

/**
 * The specialty a text asks for, anywhere in it ("dentist", "paediatrician Kyiv", "Lyon cardiology",
 * "I need a dentist in London"), matched against the directory's specialties and the taxonomy's names
 * and synonyms in every language (staff-added specialties' too), case- and accent-insensitive, with a
 * typo or two in longer words. Its place is what follows it, else what comes before it, without the
 * words that join or ask ("I need a doctor" has none). Undefined when the text names no specialty: it
 * is then a place name, as before.
 */
export function parseSpecialtyQuery(text: string, specialties: readonly string[], taxonomy: SpecialtyTaxonomy): SpecialtyQuery | undefined {
  const words = text.split(/[\s,;:?!]+/).filter(Boolean);
  if (words.length > MAX_QUERY_WORDS) return undefined;
  const normalized = words.map(normalize);
  const terms = termsOf(specialties, taxonomy);
  let best: { specialty: string; typos: number; start: number; size: number } | undefined;
  for (let size = Math.min(MAX_SPECIALTY_WORDS, words.length); size >= 1; size -= 1) {
    for (let start = 0; start + size <= words.length; start += 1) {
      const found = specialtyNamed(normalized.slice(start, start + size).join(' '), terms);
      if (found && (!best || found.typos < best.typos)) best = { ...found, start, size };
    }
    // The longest phrase that names a specialty wins: "eye doctor" over "doctor".
    if (best) break;
  }
  if (!best) return undefined;
  const place = placeWords(words.slice(best.start + best.size)) || placeWords(words.slice(0, best.start));
  return { specialty: best.specialty, place };
}

/** Whether a contact's specialty is the one asked for. */
export function isSpecialty(contactSpecialty: string, specialty: string): boolean {
  return normalize(contactSpecialty) === normalize(specialty);
}
