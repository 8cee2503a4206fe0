import type { ReplyKeyboardMarkup } from 'grammy/types';
import type { LanguageCode } from '../../api/contract/languages.js';
import type { BotContext } from '../context.js';
import { WAYS_IN_TEXTS } from '../locales/ways-in.js';
import { replyWithTemplate, type ReplyDeps } from './replies.js';

/**
 * The reply keyboard's 📍 Share my location: one press sends the user's location, which the bot answers as any
 * location. Telegram offers request_location buttons in private chats only.
 */
export function shareLocationKeyboard(language: LanguageCode): ReplyKeyboardMarkup {
  return { keyboard: [[{ text: WAYS_IN_TEXTS[language].shareLocation, request_location: true }]], resize_keyboard: true };
}

/** The welcome or help template, with the share-location keyboard in a private chat. */
export function replyWithGuide(deps: ReplyDeps, ctx: BotContext, type: 'welcome' | 'help'): Promise<void> {
  return replyWithTemplate(deps, ctx, type, {}, ctx.chat?.type === 'private' ? shareLocationKeyboard(ctx.request.language) : undefined);
}
