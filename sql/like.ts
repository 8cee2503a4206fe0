/** A LIKE pattern matching the term anywhere: a search for "50%" looks for those characters. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
