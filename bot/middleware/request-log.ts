import type { EventEmitter } from 'node:events';
import type { MiddlewareFn } from 'grammy';
import type { Sql } from '../../sql/database.js';
import { getSystemSettings } from '../../sql/settings.js';
import { recordOutcome, type BotContext, type LogDraft } from '../context.js';
import { REFUSALS } from '../default-templates.js';
import type { Recorder } from '../recorder.js';
import { replyWithTemplate } from '../replies.js';

/** What kind of request an update is, for the log's command column. */
function commandOf(ctx: BotContext): string | null {
  const text = ctx.message?.text;
  if (text?.startsWith('/')) return text.split(/[\s@]/, 1)[0]!.slice(0, 64);
  if (ctx.message?.location) return 'location';
  if (text !== undefined) return 'text';
  if (ctx.callbackQuery) return 'callback';
  return Object.keys(ctx.update).find((key) => key !== 'update_id') ?? null;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Times every update and records exactly one log row for it, written in the background. An
 * error anywhere below is logged and answered with the error template: no user is left
 * without a reply.
 */
export function requestLog(deps: { sql: Sql; recorder: Recorder; now: () => Date; events: EventEmitter }): MiddlewareFn<BotContext> {
  return async (ctx, next) => {
    const startedAt = performance.now();
    const receivedAt = deps.now();
    const settings = await getSystemSettings(deps.sql);
    const log: LogDraft = {
      level: 'WARN',
      message: 'Ignored an update the bot does not handle',
      command: commandOf(ctx),
      errorMessage: null,
      metadata: { updateId: ctx.update.update_id },
      latitude: null,
      longitude: null,
      city: null,
      region: null,
      country: null,
      resultCount: null,
    };
    ctx.request = { startedAt, receivedAt, settings, log };
    try {
      await next();
    } catch (error) {
      recordOutcome(ctx, 'ERROR', 'Failed to answer', { errorMessage: errorText(error) });
      if (ctx.chat) {
        await replyWithTemplate(deps, ctx, 'error', { error_message: REFUSALS.failure }).catch((replyError: unknown) => {
          ctx.request.log.metadata.replyError = errorText(replyError);
        });
      }
    } finally {
      deps.recorder.log(
        {
          ...ctx.request.log,
          createdAt: receivedAt,
          userId: ctx.from?.id ?? null,
          chatId: ctx.chat?.id ?? null,
          durationMs: Math.round(performance.now() - startedAt),
        },
        settings.logLevel,
      );
      deps.events.emit('handled', ctx.update.update_id);
    }
  };
}
