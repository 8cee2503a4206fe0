/**
 * Counts with their nouns in the right plural form, for the console's texts and the bot's and the
 * API's log and notification messages: one rule (Intl.PluralRules) instead of `count === 1 ? … : …`
 * at every place, so "1 contacts" cannot come back. English only: the staff-facing texts are English.
 */
const ENGLISH = new Intl.PluralRules('en-GB');

/** The form of a word that goes with `count`: pluralForm(1, 'was', 'were') is "was". */
export function pluralForm(count: number, singular: string, plural = `${singular}s`): string {
  return ENGLISH.select(count) === 'one' ? singular : plural;
}

/** "1 contact", "0 contacts", "1,234 requests": the count as the console writes numbers, then its noun. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-GB')} ${pluralForm(count, singular, plural)}`;
}
