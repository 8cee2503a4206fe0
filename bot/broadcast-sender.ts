import { setTimeout as sleep } from 'node:timers/promises';
import { GrammyError, type Api } from 'grammy';
import type { Sql } from '../sql/database.js';
import {
  broadcastRatePerSecond,
  claimRecipients,
  countTemplateBroadcastUses,
  failInterruptedRecipients,
  finishBroadcast,
  nextOpenBroadcast,
  recordOutcomes,
  type ClaimedRecipient,
  type RecipientOutcome,
  type StoredBroadcast,
} from '../sql/broadcasts.js';
import { createNotification } from '../sql/notifications.js';
import { markTelegramUserUnreachable } from '../sql/telegram-users.js';
import { renderTemplate } from '../api/contract/templates.js';

export interface BroadcastSenderOptions {
  sql: Sql;
  /** The live bot's API (grammY), on Telegram or the simulator. */
  api: Api;
  now?: () => Date;
  /** Messages per second; default: system_settings.broadcast_rate_per_second, read as each batch is claimed. */
  ratePerSecond?: number;
  /** Requests in flight at once (default 3). */
  maxInFlight?: number;
  /** Attempts per recipient for errors other than 429 and a refused user (default 3). */
  maxAttempts?: number;
  /** First back-off after an error, doubled on each further one (default 500 ms). */
  backoffMs?: number;
  /** Idle poll of the queue when nothing wakes the sender (default 1000 ms). */
  pollMs?: number;
  onError?: (error: unknown) => void;
}

export interface TestMessageResult {
  ok: boolean;
  messageId?: number;
  error?: string;
}

/** What the API needs of the sender. */
export interface Broadcaster {
  /** A broadcast was queued or requeued: look at the queue now. */
  wake(): void;
  /** A broadcast was cancelled: recipients claimed but not yet sent are not sent. */
  cancelled(broadcastId: number): void;
  /** Sends one message now (not through the queue) and reports Telegram's answer. */
  sendTest(chatId: number, html: string): Promise<TestMessageResult>;
}

export interface BroadcastSender extends Broadcaster {
  start(): Promise<void>;
  /** Stops claiming work, waits for requests in flight and stores their answers. */
  stop(): Promise<void>;
}

const NOTIFICATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Telegram's answers that mean the user cannot be messaged any more. */
const UNREACHABLE = /bot was blocked by the user|user is deactivated/i;
/** The window the rate applies to, with a margin for the trip to Telegram (its window is counted on arrival). */
const RATE_WINDOW_MS = 1025;
/** A sliding log of send starts: a send may start only while fewer than `rate` started in the last window. */
class RateLimiter {
  private starts: number[] = [];
  private head = 0;

  async take(rate: () => number, signal: { stopped: boolean }): Promise<void> {
    for (;;) {
      const limit = rate();
      const nowMs = performance.now();
      while (this.head < this.starts.length && this.starts[this.head]! <= nowMs - RATE_WINDOW_MS) this.head++;
      if (this.head > 4096) {
        this.starts = this.starts.slice(this.head);
        this.head = 0;
      }
      const inWindow = this.starts.length - this.head;
      if (!Number.isFinite(limit) || inWindow < limit) {
        this.starts.push(nowMs);
        return;
      }
      if (signal.stopped) return;
      const oldest = this.starts[this.starts.length - limit]!;
      await sleep(Math.max(1, oldest + RATE_WINDOW_MS - nowMs));
    }
  }
}

/**
 * The broadcast delivery engine (BOT.md "Broadcasts"): works the queue in Postgres, oldest broadcast first,
 * with at most `maxInFlight` requests in flight and at most the rate in any one-second window. A 429 pauses
 * the whole queue for retry_after. A recipient is marked 'sending' before its request, so after a crash it is
 * failed as 'interrupted' rather than sent twice.
 */
export function createBroadcastSender(options: BroadcastSenderOptions): BroadcastSender {
  const { sql, api } = options;
  const now = options.now ?? (() => new Date());
  const maxInFlight = options.maxInFlight ?? 3;
  const maxAttempts = options.maxAttempts ?? 3;
  const backoffMs = options.backoffMs ?? 500;
  const pollMs = options.pollMs ?? 1000;
  const onError = options.onError ?? (() => {});

  const limiter = new RateLimiter();
  const state = { stopped: true };
  let rate = options.ratePerSecond ?? 30;
  /** Real time (performance.now) before which no request starts: a 429's retry_after. */
  let pausedUntil = 0;
  const cancelledIds = new Set<number>();
  let wakeUp: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  function wake(): void {
    wakeUp?.();
  }

  async function idle(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    wakeUp = undefined;
  }

  async function waitForPause(): Promise<void> {
    while (!state.stopped) {
      const wait = pausedUntil - performance.now();
      if (wait <= 0) return;
      await sleep(wait);
    }
  }

  /** One recipient: retries 429s (after the pause) and other errors (with back-off), up to the bound. */
  async function deliver(broadcast: StoredBroadcast, recipient: ClaimedRecipient): Promise<RecipientOutcome> {
    const text = renderTemplate(broadcast.content, {
      first_name: recipient.firstName,
      last_name: recipient.lastName,
      username: recipient.username,
    });
    let attempts = recipient.attempts;
    let rateLimited = 0;
    for (;;) {
      if (cancelledIds.has(broadcast.id)) return { telegramId: recipient.telegramId, status: 'cancelled' };
      await waitForPause();
      await limiter.take(() => rate, state);
      if (state.stopped) return { telegramId: recipient.telegramId, status: 'released', attempts };
      attempts++;
      try {
        await api.sendMessage(recipient.telegramId, text, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
        return { telegramId: recipient.telegramId, status: 'delivered', attempts };
      } catch (error) {
        const description = error instanceof GrammyError ? error.description : error instanceof Error ? error.message : String(error);
        if (error instanceof GrammyError && error.error_code === 429 && rateLimited < 20) {
          // Not delivered: the attempt does not count, and the whole queue waits.
          attempts--;
          rateLimited++;
          const retryAfter = error.parameters.retry_after ?? 1;
          pausedUntil = Math.max(pausedUntil, performance.now() + retryAfter * 1000);
          continue;
        }
        if (error instanceof GrammyError && error.error_code === 403 && UNREACHABLE.test(description)) {
          return { telegramId: recipient.telegramId, status: 'failed', attempts, error: description, unreachable: true };
        }
        // A 400 (chat not found, bad markup) will not get better by retrying.
        const permanent = error instanceof GrammyError && (error.error_code === 400 || error.error_code === 403);
        if (permanent || attempts >= maxAttempts) {
          return { telegramId: recipient.telegramId, status: 'failed', attempts, error: description, unreachable: false };
        }
        await sleep(backoffMs * 2 ** (attempts - 1));
      }
    }
  }

  /** False when the broadcast still has recipients pending or in flight (or was cancelled meanwhile). */
  async function finish(broadcastId: number): Promise<boolean> {
    const finished = await finishBroadcast(sql, broadcastId, now());
    if (!finished) return (await findBroadcastStatus(broadcastId)) !== 'sending';
    if (finished.templateId !== null) await countTemplateBroadcastUses(sql, finished.templateId, finished.successCount);
    const ok = finished.status === 'sent';
    await createNotification(sql, {
      kind: ok ? 'broadcast_finished' : 'broadcast_failed',
      type: ok ? (finished.failureCount > 0 ? 'warning' : 'success') : 'critical',
      // A failed broadcast is critical (priority 4): the admins are alerted on Telegram.
      priority: ok ? (finished.failureCount > 0 ? 2 : 1) : 4,
      title: ok ? `Broadcast sent: ${finished.title}` : `Broadcast failed: ${finished.title}`,
      message: `${finished.successCount} of ${finished.totalRecipients} delivered, ${finished.failureCount} failed`,
      expiresAt: new Date(now().getTime() + NOTIFICATION_LIFETIME_MS),
      metadata: { broadcastId: finished.id, status: finished.status, successCount: finished.successCount, failureCount: finished.failureCount },
    });
    return true;
  }

  async function findBroadcastStatus(broadcastId: number): Promise<string | undefined> {
    const [row] = await sql<{ status: string }[]>`SELECT status FROM broadcasts WHERE id = ${broadcastId}`;
    return row?.status;
  }

  /** Works one broadcast until it has nothing pending, in batches claimed just before they are sent. */
  async function work(broadcast: StoredBroadcast): Promise<boolean> {
    const inFlight = new Set<Promise<void>>();
    const outcomes: RecipientOutcome[] = [];
    let flushing: Promise<void> = Promise.resolve();
    const flush = () => {
      const batch = outcomes.splice(0);
      flushing = flushing.then(() => recordOutcomes(sql, broadcast.id, batch, now()));
      return flushing;
    };
    try {
      while (!state.stopped && !cancelledIds.has(broadcast.id)) {
        if (options.ratePerSecond === undefined) rate = await broadcastRatePerSecond(sql);
        // About a tenth of a second of work: what a crash can leave interrupted.
        const batchSize = Math.max(maxInFlight, Math.min(100, Math.ceil(rate / 10)));
        const claimed = await claimRecipients(sql, broadcast.id, batchSize);
        if (claimed.length === 0) break;
        for (const recipient of claimed) {
          if (state.stopped) {
            outcomes.push({ telegramId: recipient.telegramId, status: 'released', attempts: recipient.attempts });
            continue;
          }
          if (cancelledIds.has(broadcast.id)) {
            outcomes.push({ telegramId: recipient.telegramId, status: 'cancelled' });
            continue;
          }
          while (inFlight.size >= maxInFlight) await Promise.race(inFlight);
          const task: Promise<void> = deliver(broadcast, recipient).then(
            (outcome) => {
              outcomes.push(outcome);
              if (outcomes.length >= 50) void flush().catch(onError);
            },
            (error: unknown) => onError(error),
          ).finally(() => inFlight.delete(task));
          inFlight.add(task);
        }
        await flush();
      }
      await Promise.all(inFlight);
      await flush();
    } finally {
      await Promise.allSettled(inFlight);
      await flush().catch(onError);
    }
    cancelledIds.delete(broadcast.id);
    return !state.stopped && (await finish(broadcast.id));
  }

  async function run(): Promise<void> {
    while (!state.stopped) {
      try {
        const broadcast = await nextOpenBroadcast(sql, now());
        // A broadcast that could not finish (a store of answers failed) is looked at again after a pause.
        if (broadcast && (await work(broadcast))) continue;
      } catch (error) {
        onError(error);
      }
      if (!state.stopped) await idle(pollMs);
    }
  }

  return {
    wake,
    cancelled(broadcastId) {
      cancelledIds.add(broadcastId);
    },
    async sendTest(chatId, html) {
      try {
        const message = await api.sendMessage(chatId, html, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
        return { ok: true, messageId: message.message_id };
      } catch (error) {
        const description = error instanceof GrammyError ? error.description : error instanceof Error ? error.message : String(error);
        if (error instanceof GrammyError && error.error_code === 403 && UNREACHABLE.test(description)) {
          await markTelegramUserUnreachable(sql, chatId).catch(onError);
        }
        return { ok: false, error: description };
      }
    },
    async start() {
      if (!state.stopped) return;
      await failInterruptedRecipients(sql);
      state.stopped = false;
      loop = run();
    },
    async stop() {
      if (state.stopped) return;
      state.stopped = true;
      wake();
      await loop;
    },
  };
}
