import type { MiddlewareFn } from 'grammy';
import type { Sql } from '../../sql/database.js';
import { isDatabaseUnavailable } from '../../sql/errors.js';
import { getSystemSettings } from '../../sql/settings.js';
import { NO_ANALYTICS, recordOutcome, type BotContext, type LogDraft } from '../context.js';
import { REFUSALS } from '../default-templates.js';
import type { Recorder } from '../recorder.js';
import { replyWithTemplate } from '../replies.js';

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
 * without a reply. The exception is the database being away before anything was sent: that
 * error goes up unlogged, for the update guard to run the update again once it is back.
 */
export function requestLog(deps: { sql: Sql; recorder: Recorder; now: () => Date }): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const startedAt = performance.now();
    const receivedAt = deps.now();
    const settings = await getSystemSettings(deps.sql);
    let retrying = false;
    const log: LogDraft = {
      level: 'WARN',
      message: 'Ignored an update the bot does not handle',
      command: commandOf(ctx),
      errorMessage: null,
      metadata: { updateId: ctx.update.update_id },
      ...NO_ANALYTICS,
    };
    ctx.request = { startedAt, receivedAt, settings, log };
    try {
      await next();
    } catch (error) {
      if (isDatabaseUnavailable(error) && !ctx.request.replied) {
        retrying = true;
        throw error;
      }
      recordOutcome(ctx, 'ERROR', 'Failed to answer', { errorMessage: errorText(error) });
      if (ctx.chat) {
        await replyWithTemplate(deps, ctx, 'error', { error_message: REFUSALS.failure }).catch((replyError: unknown) => {
          ctx.request.log.metadata.replyError = errorText(replyError);
        });
      }
    } finally {
      if (!retrying) record(deps, ctx, receivedAt);
    }
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
    },
    ctx.request.settings.logLevel,
  );
}
