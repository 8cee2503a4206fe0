import { GrammyError, type Composer } from 'grammy';
import type { InlineKeyboardMarkup } from 'grammy/types';
import { BotComposer } from '../composer.js';
import { answerKeyboard, mapChoice, specialtyChoice } from '../answering/answer-keyboard.js';
import { buttonSearch, pageOfButton, shownContacts } from '../answering/answer-page.js';
import { recordOutcome, type BotContext } from '../context.js';
import { nearbySpecialties } from '../answering/search-filters.js';
import { decodeKeyboardButton, KEYBOARD_CALLBACK, type KeyboardView } from '../answering/search-state.js';

const OUTCOMES: Record<KeyboardView, string> = {
  specialties: 'Showed the specialties to choose from',
  map: 'Showed the contacts to choose one on a map',
  keyboard: "Showed the answer's buttons again",
};

/** Telegram refuses an edit that changes nothing: a choice pressed twice is already shown. */
function isNotModified(error: unknown): boolean {
  return error instanceof GrammyError && error.description.includes('message is not modified');
}

/**
 * The buttons under an answer that open a choice in place of its keyboard (Specialty ▾, 📍 Show on map)
 * and ◀ Back, which closes it: the message's keyboard is edited, nothing is sent, and they cost no
 * daily request. The page they list is found again from the search the button carries, as it was when
 * the answer was sent (docs/bot.md, "The buttons under an answer").
 */
export function answerChoicesFeature(): Composer<BotContext> {
  const composer = new BotComposer();
  composer.callbackQuery(KEYBOARD_CALLBACK, async (ctx) => {
    // A press the bot reaches late (after a restart) can no longer be acknowledged; it is still answered.
    await ctx.answerCallbackQuery().catch(() => undefined);
    const button = decodeKeyboardButton(ctx.callbackQuery.data);
    if (!button) {
      recordOutcome(ctx, 'WARN', 'Ignored a search button the bot cannot read', { metadata: { ...ctx.request.log.metadata, data: ctx.callbackQuery.data.slice(0, 64) } });
      return;
    }
    const search = await buttonSearch(ctx, button.state);
    const { directory, request, at } = search;
    const { view } = button;
    // A specialty the directory no longer has is left out of the buttons too.
    const state = { ...button.state, specialtyKey: request.filters.specialty === null ? null : button.state.specialtyKey };
    const { settings, language } = ctx.request;
    const nearby = () => nearbySpecialties(directory, request.point, settings, request.filters.openNow, at);
    let markup: InlineKeyboardMarkup;
    if (view === 'specialties') {
      markup = specialtyChoice({ search: state, specialty: request.filters.specialty, nearby: nearby(), language, taxonomy: directory.taxonomy });
    } else if (view === 'map') {
      markup = mapChoice({ contacts: shownContacts(pageOfButton(ctx, search)), firstPosition: state.offset + 1, search: state, language });
    } else {
      markup = answerKeyboard({ page: pageOfButton(ctx, search), search: state, specialty: request.filters.specialty, hasSpecialties: nearby().length > 0, language, taxonomy: directory.taxonomy });
    }
    await ctx.editMessageReplyMarkup({ reply_markup: markup }).catch((error: unknown) => {
      if (!isNotModified(error)) throw error;
    });
    ctx.request.replied = true;
    recordOutcome(ctx, 'INFO', OUTCOMES[view], { metadata: { ...ctx.request.log.metadata, view } });
  });
  return composer;
}
