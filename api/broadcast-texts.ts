import { unknownPlaceholderProblem, type BroadcastTranslations } from './contract/broadcasts.js';
import { isLanguageCode, languageName } from './contract/languages.js';
import { badRequest } from './errors.js';
import type { Sql } from '../sql/database.js';
import { findTemplate, listActiveTemplatesOfType, type StoredTemplate } from '../sql/message-templates.js';
import { getSystemSettings } from '../sql/settings.js';

// What a broadcast says, in each language (spec §2.6; docs/bot.md "Broadcasts"): typed by staff, or a
// template's texts. The route that queues or tests one calls these before anything is written.

/** The texts a broadcast carries: the content, in the default language, and a text per other language. */
export interface BroadcastTexts {
  content: string;
  translations: BroadcastTranslations;
}

/** The template a broadcast is asked to send; an inactive one is one staff withdrew, so it is not sent, whichever way it is asked for. */
export async function activeTemplate(sql: Sql, templateId: number): Promise<StoredTemplate> {
  const template = await findTemplate(sql, templateId);
  if (!template) throw badRequest('That template does not exist', 'templateId');
  if (!template.isActive) throw badRequest('That template is inactive: activate it, or choose an active one', 'templateId');
  return template;
}

/**
 * A template's texts as its broadcast carries them, so that each recipient gets their language's: the
 * active templates of its type in the languages the bot offers. The default language's is the content;
 * without one, the chosen template's is (and whoever has no text of their own gets it).
 */
export async function templateTexts(sql: Sql, template: StoredTemplate): Promise<BroadcastTexts> {
  const [siblings, settings] = await Promise.all([listActiveTemplatesOfType(sql, template.type), getSystemSettings(sql)]);
  const translations: BroadcastTranslations = {};
  for (const sibling of siblings) {
    if (sibling.language !== settings.defaultLanguage && settings.botLanguages.includes(sibling.language)) translations[sibling.language] = sibling.content;
  }
  const inDefault = siblings.find((sibling) => sibling.language === settings.defaultLanguage);
  const texts = { content: inDefault?.content ?? template.content, translations };
  // A template of a reply type ({city}, {count}) has placeholders only a reply fills: every recipient would read gaps.
  const problem = [texts.content, ...Object.values(translations)].map(unknownPlaceholderProblem).find((found) => found !== undefined);
  if (problem) throw badRequest(`${problem} The template “${template.name}” cannot be sent as a broadcast: choose another.`, 'templateId');
  return texts;
}

/**
 * A text in a language the bot does not offer would reach nobody, and one in the default language would
 * compete with the content (which is that language's): both are refused, naming the text.
 */
async function checkTranslations(sql: Sql, translations: Record<string, string>): Promise<void> {
  const settings = await getSystemSettings(sql);
  for (const language of Object.keys(translations)) {
    if (!isLanguageCode(language)) continue;
    const field = `translations.${language}`;
    if (language === settings.defaultLanguage) {
      throw badRequest(`${languageName(language)} is the default language: its text is the message content. Remove this text, or move it there.`, field);
    }
    if (!settings.botLanguages.includes(language)) {
      throw badRequest(`The bot does not offer ${languageName(language)}, so nobody would get this text: offer it in System Settings, or remove it.`, field);
    }
  }
}

/**
 * The texts of a broadcast composed by staff: typed content wins with its typed texts; without it the
 * template's texts in each language are sent, and a text typed for a language still wins over the template's.
 */
export async function composedTexts(
  sql: Sql,
  typed: { content?: string | null | undefined; translations?: Record<string, string> | null | undefined },
  template: StoredTemplate | undefined,
): Promise<BroadcastTexts> {
  const translations = typed.translations ?? {};
  await checkTranslations(sql, translations);
  const fromTemplate = template && !typed.content?.trim() ? await templateTexts(sql, template) : undefined;
  return { content: fromTemplate?.content ?? typed.content!, translations: { ...fromTemplate?.translations, ...translations } };
}
