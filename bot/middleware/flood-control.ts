import type { EventEmitter } from 'node:events';
import type { MiddlewareFn } from 'grammy';
import { NO_ANALYTICS, type BotContext } from '../context.js';
import type { BotMemory } from '../updates/memory.js';
import type { Recorder } from '../updates/recorder.js';
import { createTokenBuckets } from './token-buckets.js';
import { isGroupTalk } from './group-talk.js';
import { commandOf } from '../updates/request-log.js';

export interface FloodControlOptions {
  /** Updates a user (or a group) may send at once. */
  burst: number;
  /** Updates a second they may send after that. */
  perSecond: number;
  /** Called for each update dropped: what a metric counts. */
  onDropped?: (dropped: { userId: number; chatId: number | null }) => void;
}

/** A burst of five, then one a second: a person never notices, a flood is cut to a trickle. */
export const FLOOD_CONTROL = { burst: 5, perSecond: 1 } as const;

/** Flood control's middleware, and what charges a user for a failed try (a confirmation link that is no longer valid). */
export interface FloodControl {
  middleware: MiddlewareFn<BotContext>;
  /** Takes `tokens` more from the user's share, as that many more messages would. */
  charge(userId: number, tokens: number): void;
}

/**
 * Drops the updates a user, or a group chat, sends beyond a token bucket's share, before any statement
 * runs: no claim, no log row, no answer. Telegram gives a bot about 30 messages a second in all, and one
 * chat sending 50 a second must not spend them. The first drop of a flood writes one WARN row ("Too many
 * messages"); the flood ends once its bucket has filled up again. Whitelisted admins are counted too:
 * their access is not even known here. Only what the bot would answer counts: messages, button presses and inline queries,
 * not group talk meant for others, nor membership changes (they change access and are never answered).
 */
export function floodControl(
  deps: { recorder: Recorder; memory: BotMemory; events: EventEmitter; now: () => Date },
  options: FloodControlOptions,
): FloodControl {
  const buckets = createTokenBuckets({ burst: options.burst, perSecond: options.perSecond, now: () => deps.now().getTime() });
  const charge = (userId: number, tokens: number) => buckets.spend(`user:${userId}`, tokens);
  const middleware: MiddlewareFn<BotContext> = async (ctx, next) => {
    const from = ctx.from;
    if (!from || from.is_bot || !(ctx.message || ctx.callbackQuery || ctx.inlineQuery) || isGroupTalk(ctx)) return next();
    const chat = ctx.chat;
    const keys = [`user:${from.id}`];
    if (chat && chat.type !== 'private') keys.push(`chat:${chat.id}`);
    const taken = buckets.take(keys);
    if (taken === 'taken') return next();
    options.onDropped?.({ userId: from.id, chatId: chat?.id ?? null });
    if (taken === 'flood-started') {
      // Memory holds the settings; when it cannot tell (database away at start) the row is kept.
      const logLevel = await deps.memory.reader().settings().then((settings) => settings.logLevel, () => 'DEBUG' as const);
      deps.recorder.log(
        {
          createdAt: deps.now(),
          level: 'WARN',
          message: 'Too many messages',
          command: commandOf(ctx),
          userId: from.id,
          chatId: chat?.id ?? null,
          durationMs: null,
          errorMessage: null,
          metadata: { updateId: ctx.update.update_id, burst: options.burst, perSecond: options.perSecond },
          ...NO_ANALYTICS,
        },
        logLevel,
      );
    }
    deps.events.emit('handled', ctx.update.update_id);
  };
  return { middleware, charge };
}
