/**
 * Counts with their nouns in the right plural form, for the console's texts and the bot's and the
 * API's log and notification messages: one rule (Intl.PluralRules) instead of `count === 1 ? … : …`
 * at every place, so "1 contacts" cannot come back. The staff-facing texts are English (formatCount);
 * the bot's users read theirs in their own language (formatCountIn).
 */
const ENGLISH = new Intl.PluralRules('en-GB');
/** toLocaleString builds a formatter on every call, and the bot counts in every answer's log message. */
const ENGLISH_NUMBERS = new Intl.NumberFormat('en-GB');

/** The form of a word that goes with `count`: pluralForm(1, 'was', 'were') is "was". */
export function pluralForm(count: number, singular: string, plural = `${singular}s`): string {
  return ENGLISH.select(count) === 'one' ? singular : plural;
}

/** "1 contact", "0 contacts", "1,234 requests": the count as the console writes numbers, then its noun. */
export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${ENGLISH_NUMBERS.format(count)} ${pluralForm(count, singular, plural)}`;
}

/** A noun's forms by plural category; `other` is required, the rest as the language has them (uk, pl: one/few/many/other). */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };

const rulesByLanguage = new Map<string, Intl.PluralRules>();
const numbersByLanguage = new Map<string, Intl.NumberFormat>();

/** The form of a noun that goes with `count` in a language: pluralIn('uk', 3, { one: 'контакт', few: 'контакти', many: 'контактів', other: 'контакту' }) is "контакти". */
function pluralIn(language: string, count: number, forms: PluralForms): string {
  let rules = rulesByLanguage.get(language);
  if (!rules) rulesByLanguage.set(language, (rules = new Intl.PluralRules(language)));
  return forms[rules.select(count)] ?? forms.other;
}

/** "3 контакти", "5 контактів": the count as the language writes numbers, then its noun in the right form. */
export function formatCountIn(language: string, count: number, forms: PluralForms): string {
  let numbers = numbersByLanguage.get(language);
  if (!numbers) numbersByLanguage.set(language, (numbers = new Intl.NumberFormat(language)));
  return `${numbers.format(count)} ${pluralIn(language, count, forms)}`;
}
