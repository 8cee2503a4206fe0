import { TEMPLATE_TYPES, templateVariables, type TemplateType } from '../../api/contract/message-templates.js';
import type { Sql } from '../../sql/database.js';
import { hasActiveTemplate, insertTemplate, listTemplates, updateTemplate } from '../../sql/message-templates.js';
import { runSeedOnce } from '../../sql/seeds.js';
import { botLanguageOf, LANGUAGE_CODES, type LanguageCode } from '../../api/contract/languages.js';
import { BOT_TEXTS } from '../locales/index.js';
import { HELP_BEFORE_FIND } from '../locales/help-before-find.js';
import { BEFORE_SEARCHES_LEFT } from '../locales/before-searches-left.js';
import { BEFORE_SHARE_BUTTON } from '../locales/before-share-button.js';

/** The names the console lists the built-in templates under, whatever their language (the language is a column of its own). */
const TEMPLATE_NAMES: Record<TemplateType, string> = {
  welcome: 'Welcome',
  help: 'Help',
  location_result: 'Location results',
  master_of_medicine: 'Master of Medicine introduction',
  location_confirmation: 'Confirm a place',
  error: 'Error',
  rate_limit: 'Daily limit reached',
  broadcast: 'Announcement',
  custom: 'Thank you',
};

/**
 * The reply texts the bot starts with, in English: seeded as the active template of each type, and used
 * as they are should a type ever have no active template in any fitting language.
 */
export const DEFAULT_TEMPLATES: Record<TemplateType, { name: string; content: string }> = Object.fromEntries(
  TEMPLATE_TYPES.map((type) => [type, { name: TEMPLATE_NAMES[type], content: BOT_TEXTS.en.templates[type] }]),
) as Record<TemplateType, { name: string; content: string }>;

/** What the bot says in English when it refuses or cannot help, shown through the error template (textsIn for the others). */
export const REFUSALS = BOT_TEXTS.en.refusals;

/**
 * Russian, which the bot does not otherwise speak, kept for the one answer that needs no database: many
 * of the directory's users read it, and this answer cannot know a language they chose.
 */
const UNAVAILABLE_RU = 'Сервис временно недоступен, пожалуйста, попробуйте через минуту.';

/**
 * The answer when the database stays away longer than an update may wait for it. Templates and the
 * language a user chose live in the database, so this is built in, in the language Telegram reports for
 * the user (e.g. 'de', 'pt-br'), else English.
 */
export function unavailableText(languageCode: string | undefined): string {
  const language = botLanguageOf(languageCode);
  if (language) return BOT_TEXTS[language].unavailable;
  return languageCode?.slice(0, 2).toLowerCase() === 'ru' ? UNAVAILABLE_RU : BOT_TEXTS.en.unavailable;
}

/** Seeds one active template of each type, the first time a database is used. */
export async function seedDefaultTemplates(sql: Sql): Promise<void> {
  await runSeedOnce(sql, 'default-templates', async (tx) => {
    for (const type of TEMPLATE_TYPES) {
      const { name, content } = DEFAULT_TEMPLATES[type];
      await insertTemplate(tx, { name, type, content, variables: templateVariables(content), isActive: true });
    }
  });
  // A seed of its own: databases seeded in English before the bot spoke other languages get them too.
  await runSeedOnce(sql, 'default-templates-translations', async (tx) => {
    for (const language of LANGUAGE_CODES.filter((code) => code !== 'en')) {
      for (const type of TEMPLATE_TYPES) {
        const content = BOT_TEXTS[language].templates[type];
        // One a person already wrote and made active for this type and language stays the active one.
        const isActive = !(await hasActiveTemplate(tx, type, language));
        await insertTemplate(tx, { name: TEMPLATE_NAMES[type], type, content, variables: templateVariables(content), isActive, language });
      }
    }
  });
  // Help templates seeded before /find and the free follow-ups say so now, unless someone rewrote them.
  await runSeedOnce(sql, 'help-find-and-free-follow-ups', async (tx) => {
    for (const language of LANGUAGE_CODES) await renewUnedited(tx, 'help', language, HELP_BEFORE_FIND[language]);
  });
  // Welcome, help and the daily limit seeded before they said the searches left in words (with their plural forms) say so now.
  await runSeedOnce(sql, 'searches-left-in-words', async (tx) => {
    for (const language of LANGUAGE_CODES) {
      for (const type of ['welcome', 'help', 'rate_limit'] as const) await renewUnedited(tx, type, language, BEFORE_SEARCHES_LEFT[language][type]);
    }
  });
  // Welcome and help seeded before the 📍 Share my location button sent people to 📎 → Location: the button says it now.
  await runSeedOnce(sql, 'share-location-button', async (tx) => {
    for (const language of LANGUAGE_CODES) {
      for (const type of ['welcome', 'help'] as const) await renewUnedited(tx, type, language, BEFORE_SHARE_BUTTON[language][type]);
    }
  });
}

/** Gives a type's templates in a language today's built-in text where they still read an earlier built-in one: nobody rewrote them. */
async function renewUnedited(tx: Sql, type: TemplateType, language: LanguageCode, earlier: string): Promise<void> {
  const content = BOT_TEXTS[language].templates[type];
  for (const template of await listTemplates(tx, { type, language })) {
    if (template.content === earlier) await updateTemplate(tx, template.id, { content, variables: templateVariables(content) });
  }
}
