/** normalize's answers: a directory has a few dozen specialties, each normalized for every button and filtered contact. */
const normalizedTexts = new Map<string, string>();
/** Typed texts pass through normalize too: the cache starts again rather than grow without bound. */
const NORMALIZED_KEPT = 2000;

/** Lower case without accents or other marks: "Zahnärztin" and "zahnarztin" are the same word. */
export function normalize(text: string): string {
  let normalized = normalizedTexts.get(text);
  if (normalized === undefined) {
    normalized = text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
    if (normalizedTexts.size >= NORMALIZED_KEPT) normalizedTexts.clear();
    normalizedTexts.set(text, normalized);
  }
  return normalized;
}

/** The typos allowed in a word of this length: none in short ones, where one letter makes another word. */
export function typoTolerance(length: number): number {
  if (length <= 4) return 0;
  return length <= 7 ? 1 : 2;
}
