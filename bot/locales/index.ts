import type { LanguageCode } from '../../api/contract/languages.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { pl } from './pl.js';
import { pt } from './pt.js';
import type { BotTexts } from './types.js';
import { uk } from './uk.js';

export type { BotTexts };

/** The bot's built-in texts in every language it speaks: a language of BOT_LANGUAGES without texts does not compile. */
export const BOT_TEXTS: Record<LanguageCode, BotTexts> = { en, uk, pl, de, fr, es, it, pt };

export function textsIn(language: LanguageCode): BotTexts {
  return BOT_TEXTS[language];
}
