import type { MiddlewareFn } from 'grammy';
import type { Sql } from '../../sql/database.js';
import { NO_ANALYTICS, recordOutcome, type BotContext, type LogDraft } from '../context.js';
import { textsIn } from '../locales/index.js';
import { resolveUserLanguage } from '../../api/contract/languages.js';
import type { Recorder } from './recorder.js';
import { replyWithTemplate } from '../replies/replies.js';
import { isForTheGuard } from './update-claim.js';

/** What kind of request an update is, for the log's command column. */
export function commandOf(ctx: BotContext): string | null {
  const text = ctx.message?.text;
  if (text?.startsWith('/')) return text.split(/[\s@]/, 1)[0]!.slice(0, 64);
  if (ctx.message?.location) return 'location';
  if (text !== undefined) return 'text';
  if (ctx.callbackQuery) return 'callback';
  return Object.keys(ctx.update).find((key) => key !== 'update_id') ?? null;
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Times every update and records exactly one log row for it, written in the background. An
 * error anywhere below is logged and answered with the error template: no user is left
 * without a reply. The exceptions, before anything was sent, go up unlogged for the update guard:
 * the database being away (run again once it is back), the update being another attempt's, and memory
 * found out of date by the claim (run again on fresh reads).
 */
export function requestLog(deps: { sql: Sql; recorder: Recorder; now: () => Date }): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const startedAt = performance.now();
    const receivedAt = deps.now();
    const settings = await ctx.attempt.memory.settings();
    const log: LogDraft = {
      level: 'WARN',
      message: 'Ignored an update the bot does not handle',
      command: commandOf(ctx),
      errorMessage: null,
      metadata: { updateId: ctx.update.update_id },
      ...NO_ANALYTICS,
    };
    // Telegram's language until trackUser knows whether the user chose one.
    const language = resolveUserLanguage({ chosenLanguage: null, languageCode: ctx.from?.language_code }, settings);
    ctx.request = { startedAt, receivedAt, settings, log, language };
    try {
      await next();
    } catch (error) {
      if (isForTheGuard(error) && !ctx.request.replied) throw error;
      recordOutcome(ctx, 'ERROR', 'Failed to answer', { errorMessage: errorText(error) });
      if (ctx.chat) {
        await replyWithTemplate(deps, ctx, 'error', { error_message: textsIn(ctx.request.language).refusals.failure }).catch((replyError: unknown) => {
          ctx.request.log.metadata.replyError = errorText(replyError);
        });
      }
    }
    // An update that sent nothing is claimed for its log row: a redelivery of it is not logged twice.
    await ctx.attempt.claim.ensure(ctx.attempt.memory.check());
    record(deps, ctx, receivedAt);
  };
}

/** Buffers the update's one log row. */
function record(deps: { recorder: Recorder }, ctx: BotContext, receivedAt: Date): void {
  deps.recorder.log(
    {
      ...ctx.request.log,
      createdAt: receivedAt,
      userId: ctx.from?.id ?? null,
      chatId: ctx.chat?.id ?? null,
      durationMs: Math.round(performance.now() - ctx.request.startedAt),
      language: ctx.from ? ctx.request.language : null,
    },
    ctx.request.settings.logLevel,
  );
}
