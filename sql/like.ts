/** Escapes LIKE's wildcards so a search for "50%" looks for those characters. */
export function likeEscape(term: string): string {
  return term.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** The LIKE pattern for "contains this text", for columns kept lower-cased. */
export function containsPattern(term: string): string {
  return `%${likeEscape(term.toLowerCase())}%`;
}
