import type { Composer } from 'grammy';
import { InlineKeyboard } from 'grammy';
import { BotComposer } from '../composer.js';
import { isLanguageCode, languageName, nativeLanguageName, type LanguageCode } from '../../api/contract/languages.js';
import { escapeHtml } from '../../api/contract/message-templates.js';
import { setChosenLanguage } from '../../sql/bot-state.js';
import type { Sql } from '../../sql/database.js';
import { recordOutcome, type BotContext } from '../context.js';
import { textsIn } from '../locales/index.js';
import type { BotMemory } from '../updates/memory.js';
import type { Recorder } from '../updates/recorder.js';
import { sendHtml } from '../replies/replies.js';

export const LANGUAGE_CALLBACK = /^lang:([a-z]{2})$/;

/** The buttons of the languages the bot offers, each in its own name; the user's current one is ticked. */
function languageKeyboard(offered: readonly LanguageCode[], current: LanguageCode): InlineKeyboard {
  const buttons = offered.map((code) => InlineKeyboard.text(`${code === current ? '✓ ' : ''}${nativeLanguageName(code)}`, `lang:${code}`));
  // Two a row: eight languages fit on a phone without a long column (and no empty row after an even count).
  return InlineKeyboard.from([buttons]).toFlowed(2);
}

/**
 * /language offers the languages the bot speaks; pressing one stores it as the user's choice, which holds
 * (across restarts and instances) until they choose another, and answers in it at once.
 */
export function languageFeature(deps: { sql: Sql; recorder: Recorder; memory: BotMemory }): Composer<BotContext> {
  const composer = new BotComposer();

  composer.command('language', async (ctx) => {
    const { language, settings } = ctx.request;
    await sendHtml(ctx, escapeHtml(textsIn(language).languageChoice.question), languageKeyboard(settings.botLanguages, language));
    recordOutcome(ctx, 'INFO', 'Offered the languages to choose from');
  });

  composer.callbackQuery(LANGUAGE_CALLBACK, async (ctx) => {
    const code = ctx.match[1]!;
    // A button of a language the bot no longer offers (an old message) is refused like any unknown button.
    if (!isLanguageCode(code) || !ctx.request.settings.botLanguages.includes(code)) {
      await ctx.answerCallbackQuery().catch(() => undefined);
      recordOutcome(ctx, 'WARN', 'Ignored the choice of a language the bot does not offer', { metadata: { ...ctx.request.log.metadata, data: ctx.callbackQuery.data } });
      return;
    }
    // Claimed before the choice is stored: a redelivered press does not store and answer it twice.
    await ctx.attempt.claim.ensure(ctx.attempt.memory.check());
    await setChosenLanguage(deps.sql, ctx.from.id, code);
    deps.memory.forgetUser(ctx.from.id);
    ctx.request.language = code;
    // A press the bot reaches late (after a restart) can no longer be acknowledged; it is still answered.
    await ctx.answerCallbackQuery().catch(() => undefined);
    await ctx.editMessageReplyMarkup().catch(() => undefined);
    await sendHtml(ctx, escapeHtml(textsIn(code).languageChoice.chosen));
    recordOutcome(ctx, 'INFO', `The user chose ${languageName(code)}`);
  });
  return composer;
}
