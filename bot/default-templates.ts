import { TEMPLATE_TYPES, templateVariables, type TemplateType } from '../api/contract/message-templates.js';
import type { Sql } from '../sql/database.js';
import { insertTemplate } from '../sql/message-templates.js';
import { runSeedOnce } from '../sql/seeds.js';

/**
 * The reply texts the bot starts with: seeded as the active template of each type, and used
 * as they are should a type ever have no active template.
 */
export const DEFAULT_TEMPLATES: Record<TemplateType, { name: string; content: string }> = {
  welcome: {
    name: 'Welcome',
    content:
      '👋 Hello, {first_name}!\n\nI help you find medical contacts near you. Send me your location (📎 → Location) or type the name of a city.\n\nYou can make {daily_limit} searches a day.',
  },
  help: {
    name: 'Help',
    content:
      'ℹ️ <b>How to use this bot</b>\n\n• Send your location (📎 → Location) to see the nearest medical contacts.\n• Or type the name of a city, for example <i>London</i>.\n\nEach search uses one of your {daily_limit} daily searches; {remaining} are left today.',
  },
  location_result: {
    name: 'Location results',
    content: '📍 <b>Medical contacts near {city}</b>: {count}\nSearches left today: {remaining} of {daily_limit}.',
  },
  master_of_medicine: {
    name: 'Master of Medicine introduction',
    content: '⭐ <b>Master of Medicine</b>: our most trusted specialists near you.',
  },
  location_confirmation: {
    name: 'Confirm a place',
    content: 'Did you mean <b>{city}</b>? Choose the place to search near:',
  },
  error: {
    name: 'Error',
    content: '⚠️ {error_message}',
  },
  rate_limit: {
    name: 'Daily limit reached',
    content: '⏳ You have used all {daily_limit} searches for today, {first_name}. They reset in {reset_time}.',
  },
  broadcast: {
    name: 'Announcement',
    content: '📢 Hello {first_name}! There is news from the MedContacts team.',
  },
  custom: {
    name: 'Thank you',
    content: 'Thank you, {first_name}! 💙',
  },
};

/** What the bot says when it refuses or cannot help, shown through the error template. */
export const REFUSALS = {
  accessDenied:
    'This bot is only for members of our partner groups. Ask a group administrator to add you, then try again.',
  blocked: 'You can no longer use this bot. If you think this is a mistake, contact the group administrators.',
  maintenance: 'The bot is down for maintenance. Please try again a little later.',
  failure: 'Something went wrong while answering. Please try again in a minute.',
  noResults: (radiusKm: number, place: string) =>
    `No medical contacts were found within ${radiusKm} km of ${place}. Try a location closer to a town.`,
  badLocation: 'That location could not be read. Please send it again with 📎 → Location.',
} as const;

/**
 * The answer when the database stays away longer than an update may wait for it. Templates live in
 * the database, so these are built in, in the user's language where we have it.
 */
const UNAVAILABLE: Record<string, string> = {
  en: 'The service is temporarily unavailable, please try again in a minute.',
  ru: 'Сервис временно недоступен, пожалуйста, попробуйте через минуту.',
  uk: 'Сервіс тимчасово недоступний, будь ласка, спробуйте за хвилину.',
  de: 'Der Dienst ist vorübergehend nicht verfügbar, bitte versuchen Sie es in einer Minute erneut.',
  fr: 'Le service est temporairement indisponible, veuillez réessayer dans une minute.',
  es: 'El servicio no está disponible temporalmente, inténtelo de nuevo en un minuto.',
};

/** The "temporarily unavailable" answer in the language Telegram reports for the user (e.g. 'de', 'pt-br'), else English. */
export function unavailableText(languageCode: string | undefined): string {
  return UNAVAILABLE[languageCode?.slice(0, 2).toLowerCase() ?? ''] ?? UNAVAILABLE.en!;
}

/** Seeds one active template of each type, the first time a database is used. */
export async function seedDefaultTemplates(sql: Sql): Promise<void> {
  await runSeedOnce(sql, 'default-templates', async (tx) => {
    for (const type of TEMPLATE_TYPES) {
      const { name, content } = DEFAULT_TEMPLATES[type];
      await insertTemplate(tx, { name, type, content, variables: templateVariables(content), isActive: true });
    }
  });
}
