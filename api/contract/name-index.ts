import { distance } from 'fastest-levenshtein';

/** A name as compared: lower case, without accents or punctuation ("Côte d’Ivoire" and "cote d ivoire" are one). */
export function nameKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * One name of a code. `rank` orders the names a key may have: a key belongs to the code of its
 * lowest rank, so that "US", a code, is never lost to a name that some language writes alike.
 */
export interface CodeName {
  code: string;
  name: string;
  rank: number;
}

/** A code with the name a search matched it by. */
export interface NameMatch {
  code: string;
  name: string;
}

/** Codes found by their names in many languages: the country and language pickers, the API and the import read them alike. */
export interface NameIndex {
  /** The code a code or name stands for; undefined when no code has it, or two codes of the same rank do. */
  resolve(text: string): string | undefined;
  /** The codes whose names are nearest the text (fewest letters to change), nearest first. */
  nearest(text: string, limit: number): string[];
  /** The codes with a name that is the query, begins with it, or has a word beginning with it, best first. */
  search(query: string, limit: number): NameMatch[];
}

interface Entry extends CodeName {
  key: string;
}

const orList = new Intl.ListFormat('en-GB', { type: 'disjunction' });
/** How many of the nearest codes a refusal names. */
const NEAREST_SHOWN = 3;

/** "Germany (DE), Estonia (EE) or Latvia (LV)": the codes nearest a name none has, with their English names, for a refusal. */
export function nearestNamed(index: NameIndex, text: string, nameOf: (code: string) => string): string {
  return orList.format(index.nearest(text, NEAREST_SHOWN).map((code) => `${nameOf(code)} (${code})`));
}

/** Answers kept per text: an import repeats one unknown value on many rows, and each costs a pass over every name. */
const NEAREST_KEPT = 500;

/** The index over the names `names` gives, built when first asked: the bot and the console load it only if they use it. */
export function createNameIndex(names: () => Iterable<CodeName>): NameIndex {
  let built: { entries: Entry[]; byKey: Map<string, string | null> } | undefined;
  const nearestKept = new Map<string, string[]>();

  const index = () => {
    if (built) return built;
    // Each code's name once, at its lowest rank.
    const entries = new Map<string, Entry>();
    const ranks = new Map<string, number>();
    const byKey = new Map<string, string | null>();
    for (const name of names()) {
      const key = nameKey(name.name);
      if (key === '') continue;
      const known = entries.get(`${name.code}\u0000${key}`);
      if (!known) entries.set(`${name.code}\u0000${key}`, { ...name, key });
      else if (name.rank < known.rank) known.rank = name.rank;
      const rank = ranks.get(key);
      if (rank === undefined || name.rank < rank) {
        ranks.set(key, name.rank);
        byKey.set(key, name.code);
      } else if (name.rank === rank && byKey.get(key) !== name.code) {
        byKey.set(key, null);
      }
    }
    built = { entries: [...entries.values()], byKey };
    return built;
  };

  return {
    resolve(text) {
      return index().byKey.get(nameKey(text)) ?? undefined;
    },
    nearest(text, limit) {
      const key = nameKey(text);
      let codes = nearestKept.get(key);
      if (!codes) {
        const best = new Map<string, { distance: number; rank: number }>();
        for (const entry of index().entries) {
          const found = { distance: distance(key, entry.key), rank: entry.rank };
          const known = best.get(entry.code);
          if (!known || found.distance < known.distance || (found.distance === known.distance && found.rank < known.rank)) best.set(entry.code, found);
        }
        codes = [...best]
          .sort(([codeA, a], [codeB, b]) => a.distance - b.distance || a.rank - b.rank || codeA.localeCompare(codeB))
          .map(([code]) => code);
        if (nearestKept.size >= NEAREST_KEPT) nearestKept.clear();
        nearestKept.set(key, codes);
      }
      return codes.slice(0, limit);
    },
    search(query, limit) {
      const key = nameKey(query);
      if (key === '') return [];
      const best = new Map<string, { score: number; entry: Entry }>();
      for (const entry of index().entries) {
        const score = entry.key === key ? 0 : entry.key.startsWith(key) ? 1 : entry.key.includes(` ${key}`) ? 2 : -1;
        if (score < 0) continue;
        const known = best.get(entry.code);
        if (!known || score < known.score || (score === known.score && entry.rank < known.entry.rank)) best.set(entry.code, { score, entry });
      }
      return [...best.values()]
        .sort((a, b) => a.score - b.score || a.entry.rank - b.entry.rank || a.entry.name.localeCompare(b.entry.name))
        .slice(0, limit)
        .map(({ entry }) => ({ code: entry.code, name: entry.name }));
    },
  };
}
