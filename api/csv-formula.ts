/** What a spreadsheet would run as a formula when a cell starts with it (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEUTRALISED = /^'(?=[=+\-@\t\r])/;

/**
 * Text people typed is shown by a spreadsheet, never run: a cell it would take for a formula
 * ("=HYPERLINK(…)", "+44 20…", "@SUM(…)") gets a leading apostrophe.
 */
export function neutraliseFormula(text: string | null): string | null {
  return text !== null && FORMULA_START.test(text) ? `'${text}` : text;
}

/** Undoes neutraliseFormula, so an exported file imports back as it was. */
export function restoreFormula(text: string): string {
  return text.replace(NEUTRALISED, '');
}
