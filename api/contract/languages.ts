import { z } from 'zod';

/**
 * The languages the bot can speak: the code the bot and the console use (Telegram's
 * `language_code` without its region), the name the directory stores in a contact's languages, and
 * the name a speaker would look for on the /language buttons.
 */
export const BOT_LANGUAGES = [
  { code: 'en', name: 'English', nativeName: 'English' },
  { code: 'uk', name: 'Ukrainian', nativeName: 'Українська' },
  { code: 'pl', name: 'Polish', nativeName: 'Polski' },
  { code: 'de', name: 'German', nativeName: 'Deutsch' },
  { code: 'fr', name: 'French', nativeName: 'Français' },
  { code: 'es', name: 'Spanish', nativeName: 'Español' },
  { code: 'it', name: 'Italian', nativeName: 'Italiano' },
  { code: 'pt', name: 'Portuguese', nativeName: 'Português' },
] as const;

export type LanguageCode = (typeof BOT_LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = BOT_LANGUAGES.map((language) => language.code) as [LanguageCode, ...LanguageCode[]];
export const LanguageCodeSchema = z.enum(LANGUAGE_CODES, { error: `Choose a language: ${LANGUAGE_CODES.join(', ')}.` });
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

const byCode = new Map<string, (typeof BOT_LANGUAGES)[number]>(BOT_LANGUAGES.map((language) => [language.code, language]));

export function isLanguageCode(code: string): code is LanguageCode {
  return byCode.has(code);
}

/** The English name of a language ("Ukrainian"), as contacts list their languages. */
export function languageName(code: LanguageCode): string {
  return byCode.get(code)!.name;
}

export function nativeLanguageName(code: LanguageCode): string {
  return byCode.get(code)!.nativeName;
}

/** The bot language of a Telegram `language_code` ("pt-br" → "pt"), or undefined when the bot has none for it. */
export function botLanguageOf(telegramCode: string | null | undefined): LanguageCode | undefined {
  const base = telegramCode?.split('-')[0]?.toLowerCase() ?? '';
  return isLanguageCode(base) ? base : undefined;
}

/**
 * The language a bot user is answered in: the one they chose with /language, else Telegram's when the
 * bot offers it, else the default language of System Settings.
 */
export function resolveUserLanguage(
  user: { chosenLanguage: string | null; languageCode: string | null | undefined },
  settings: { defaultLanguage: LanguageCode; botLanguages: readonly LanguageCode[] },
): LanguageCode {
  const offered = (code: LanguageCode | undefined) => (code && settings.botLanguages.includes(code) ? code : undefined);
  const chosen = user.chosenLanguage && isLanguageCode(user.chosenLanguage) ? user.chosenLanguage : undefined;
  return offered(chosen) ?? offered(botLanguageOf(user.languageCode)) ?? settings.defaultLanguage;
}
