import { createHash, randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import type { MiddlewareFn } from 'grammy';
import type { Update } from 'grammy/types';
import { isDatabaseUnavailable } from '../../sql/errors.js';
import type { UpdateKey } from '../../sql/processed-updates.js';
import { NO_ANALYTICS, type BotContext, type RequestState } from '../context.js';
import { botLanguageOf } from '../../api/contract/languages.js';
import { unavailableText } from '../replies/default-templates.js';
import { commandOf, errorText } from './request-log.js';
import type { BotMemory } from './memory.js';
import type { BotMetrics, UpdateOutcome } from '../metrics.js';
import type { Clock } from '../clock.js';
import type { Recorder } from './recorder.js';
import { createUpdateClaimer, MemoryOutOfDate, UpdateNotOurs, type ClaimQueue } from './update-claim.js';

/** How long an update waits for the database to come back before it is answered anyway (docs/bot.md: about a minute). */
export const RETRY_WINDOW_MS = 60_000;
const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 2000;
/** Attempts run again on fresh reads before the claim stops checking memory (UpdateClaimer.stopChecking). */
const FRESH_READ_ATTEMPTS = 3;
/** Bot API methods that change nothing, so an attempt may call them before it has claimed its update. */
const READ_ONLY_METHODS = new Set(['getChatMember', 'getMe', 'getChat']);

export interface UpdateGuardDeps {
  claims: ClaimQueue;
  recorder: Recorder;
  events: EventEmitter;
  memory: BotMemory;
  metrics: BotMetrics;
  /** Dates the log row; the retries' waits and the retry window run on it. */
  clock: Clock;
  /** The bot's middleware proper (request log, access gate, features), run once per attempt. */
  handle: MiddlewareFn<BotContext>;
  /** Tests shorten the wait. */
  retryWindowMs?: number;
}

/** Tells a redelivery (the same update again) from a different update that reuses an id. */
export function updateFingerprint(update: Update): string {
  return createHash('sha256').update(JSON.stringify(update)).digest('base64url').slice(0, 22);
}

/**
 * Handles each update once, and every update in the end (docs/bot.md, "What it records"). The update is
 * claimed by its id before anything of it happens once (a message sent, a row written, its log row):
 * a redelivered update — the same update_id from a webhook retry, or from polling after a restart —
 * that was answered is skipped, across every instance on the database. The claim is also the check of
 * what the attempt read from memory (BotMemory): found out of date, the update runs again on fresh reads.
 * While the database is away the update is tried again (the middleware below gives the failure back
 * untouched as long as nothing was sent), and after the retry window it is answered with a short
 * "temporarily unavailable" that needs no database, and logged once the database is back.
 */
export function guardUpdates(deps: UpdateGuardDeps): MiddlewareFn<BotContext> {
  const retryWindowMs = deps.retryWindowMs ?? RETRY_WINDOW_MS;
  return async (ctx) => {
    const key: UpdateKey = { botId: ctx.me.id, updateId: ctx.update.update_id, fingerprint: updateFingerprint(ctx.update) };
    const receivedAt = deps.clock.now();
    const startedAt = deps.clock.monotonic();
    const giveUpAt = startedAt + retryWindowMs;
    let delay = FIRST_RETRY_MS;
    const claim = createUpdateClaimer(deps.claims, key, randomUUID());
    let unclaimedAnswer = false;
    let freshReads = 0;
    // Nothing reaches Telegram before the update is claimed, whichever feature sends it.
    ctx.api.config.use(async (prev, method, payload, signal) => {
      if (!READ_ONLY_METHODS.has(method) && !unclaimedAnswer) await claim.ensure(ctx.attempt.memory.check());
      return prev(method, payload, signal);
    });
    for (;;) {
      ctx.attempt = { claim, memory: deps.memory.reader() };
      try {
        await deps.handle(ctx, async () => {});
        const { replied } = ctx.request;
        deps.metrics.updateHandled(outcomeOf(ctx.request), replied ? secondsSince(deps.clock, startedAt) : undefined);
        return handled(deps, key, claim.claimed);
      } catch (error) {
        if (error instanceof UpdateNotOurs) {
          if (error.claim === 'answered') {
            deps.metrics.updateHandled('dropped', undefined);
            return handled(deps, key, false);
          }
          // Another attempt is handling it: wait for its answer, or for its claim to go stale.
        } else if (error instanceof MemoryOutOfDate) {
          deps.memory.forget(error.current);
          if (++freshReads >= FRESH_READ_ATTEMPTS) claim.stopChecking();
          continue;
        } else if (!isDatabaseUnavailable(error)) {
          deps.metrics.updateHandled('failed', undefined);
          throw error;
        } else if (deps.clock.monotonic() + delay >= giveUpAt) {
          unclaimedAnswer = true;
          const answered = await answerUnavailable(deps, ctx, error, { receivedAt, startedAt });
          deps.metrics.updateHandled('failed', answered ? secondsSince(deps.clock, startedAt) : undefined);
          return handled(deps, key, true);
        }
      }
      await deps.clock.sleep(delay);
      delay = Math.min(delay * 2, LONGEST_RETRY_MS);
    }
  };
}

/** How an attempt that ran to its end went, for the metrics. */
function outcomeOf(request: RequestState): UpdateOutcome {
  // A refusal whose reply failed is logged as a failure, and counted as one.
  if (request.log.level === 'ERROR') return 'failed';
  if (request.refused) return 'refused';
  return request.replied ? 'answered' : 'dropped';
}

const secondsSince = (clock: Clock, startedAt: number) => (clock.monotonic() - startedAt) / 1000;

/** The answer and the log row of an update the database stayed away for; whether the answer was sent. */
async function answerUnavailable(
  deps: Pick<UpdateGuardDeps, 'recorder' | 'events' | 'clock'>,
  ctx: BotContext,
  cause: unknown,
  { receivedAt, startedAt }: { receivedAt: Date; startedAt: number },
): Promise<boolean> {
  const metadata: Record<string, unknown> = { updateId: ctx.update.update_id };
  // Membership changes have no one to answer; they are still logged.
  const answerable = ctx.chat && ctx.from && !ctx.from.is_bot && (ctx.message || ctx.callbackQuery);
  let answered = false;
  if (answerable) {
    answered = await ctx.reply(unavailableText(ctx.from.language_code)).then(
      () => true,
      (replyError: unknown) => {
        metadata.replyError = errorText(replyError);
        return false;
      },
    );
  }
  deps.recorder.log({
    createdAt: receivedAt,
    level: 'ERROR',
    message: answerable ? 'Answered that the service is temporarily unavailable' : 'Could not handle an update: the database was unavailable',
    command: commandOf(ctx),
    userId: ctx.from?.id ?? null,
    chatId: ctx.chat?.id ?? null,
    durationMs: Math.round(deps.clock.monotonic() - startedAt),
    errorMessage: errorText(cause),
    metadata,
    ...NO_ANALYTICS,
    // Telegram's language where the bot speaks it: a language the user chose is in the database that is away.
    language: ctx.from ? (botLanguageOf(ctx.from.language_code) ?? null) : null,
  });
  return answered;
}

/** Records an update this attempt answered (in the recorder's next batch, with its log row) and tells waiters it is handled. */
function handled(deps: Pick<UpdateGuardDeps, 'recorder' | 'events'>, key: UpdateKey, answeredNow: boolean): void {
  if (answeredNow) deps.recorder.updateAnswered(key);
  deps.events.emit('handled', key.updateId);
}
