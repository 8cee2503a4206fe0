import { randomUUID } from 'node:crypto';
import { GrammyError, type Api } from 'grammy';
import type { Sql } from '../../sql/database.js';
import {
  broadcastRatePerSecond,
  countTemplateBroadcastUses,
  findBroadcastStatus,
  findRecipientFacts,
  finishBroadcast,
  nextOpenBroadcast,
  releaseBroadcast,
  renewLeases,
  settleExpiredLeases,
  storeAndClaim,
  type ClaimedRecipient,
  type Lease,
  type RecipientFacts,
  type RecipientOutcome,
  type StoredBroadcast,
} from '../../sql/broadcasts.js';
import { createNotification } from '../../sql/notifications.js';
import { transaction } from '../../sql/transaction.js';
import { markTelegramUserUnreachable } from '../../sql/bot-users.js';
import { renderTemplate, type TemplateValues } from '../../api/contract/message-templates.js';
import { isLanguageCode, type LanguageCode } from '../../api/contract/languages.js';
import { replyValues } from '../../api/contract/reply-values.js';
import { NO_BOT_METRICS, type BotMetrics } from '../metrics.js';
import { repeatEvery, systemClock, type Clock } from '../clock.js';
import { RateLimiter } from './rate-limiter.js';

export interface BroadcastSenderOptions {
  sql: Sql;
  /** The live bot's API (grammY), on Telegram or the simulator: the queue paces itself by its 429s. */
  api: Api;
  /** Time and timers: waits (rate, 429 pause, back-off, idle poll) and lease renewals run on it. */
  clock?: Clock;
  /** What a test message goes through: one message, retried after a 429 (MedBot.retryingApi). */
  testApi: Pick<Api, 'sendMessage'>;
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
  /**
   * How long this sender's claim on a broadcast and its recipients in flight lasts unless renewed (default
   * 15 s, renewed every fifth of it). Longer than the leadership check, so a leader that lost its lock
   * stands down before its claims can be taken over; a crashed sender's broadcast resumes once it ends.
   */
  leaseMs?: number;
  /** Where each recipient's answer is counted; nowhere unless given. */
  metrics?: Pick<BotMetrics, 'broadcastMessage'>;
  onError?: (error: unknown) => void;
}

export interface TestMessageResult {
  ok: boolean;
  messageId?: number;
  error?: string;
}

/** The sender; the API sees it through its Broadcaster port (api/ports.ts), which this satisfies. */
export interface BroadcastSender {
  /** A broadcast was queued or requeued: look at the queue now. */
  wake(): void;
  /** A broadcast was cancelled: recipients claimed but not yet sent are not sent. */
  cancelled(broadcastId: number): void;
  /**
   * Renders the content for the user (every placeholder a broadcast fills, in `language`, the content's:
   * the default language when not given) and sends it now, not through the queue; reports Telegram's answer.
   */
  sendTest(chatId: number, content: string, language?: LanguageCode): Promise<TestMessageResult>;
  /**
   * Waits for a slot of the broadcasts' rate and takes it, for a message the bot sends by itself outside
   * the queue (a confirmation reminder): together they never pass the rate, nor send during a 429's pause.
   */
  pace(): Promise<void>;
  start(): Promise<void>;
  /** Stops claiming work, waits for requests in flight and stores their answers. */
  stop(): Promise<void>;
}

const NOTIFICATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** Telegram's answers that mean the user cannot be messaged any more. */
const UNREACHABLE = /bot was blocked by the user|user is deactivated/i;
/** The configured rate is read again at most this often. */
const RATE_READ_MS = 1000;
/** The recipient's language's text when the broadcast has one, else its content, with the language it is in. */
function textFor(broadcast: StoredBroadcast, recipient: ClaimedRecipient): { text: string; language: string } {
  const { language } = recipient;
  const translated = language === null ? undefined : broadcast.translations[language];
  return language === null || translated === undefined ? { text: broadcast.content, language: recipient.defaultLanguage } : { text: translated, language };
}

/**
 * Every placeholder a broadcast fills (USER_PLACEHOLDERS), for one recipient, as the bot's replies fill them
 * (replyValues), written in the language of the text they get.
 */
function recipientValues(facts: RecipientFacts, language: string, at: Date): TemplateValues {
  return replyValues({
    user: facts,
    dailyLimit: facts.dailyLimit,
    used: facts.used,
    now: at,
    timeZone: facts.timeZone,
    language: isLanguageCode(language) ? language : 'en',
  });
}

/**
 * The broadcast delivery engine (docs/bot.md "Broadcasts"): works the queue in Postgres, oldest broadcast first,
 * with at most `maxInFlight` requests in flight and at most the rate in any one-second window. A 429 pauses
 * the whole queue for retry_after. Recipients are claimed under a lease, never more than can be in flight,
 * and each answer is stored before its slot takes another: after a crash at most `maxInFlight` recipients
 * are in doubt, and those become 'unknown' once the lease runs out rather than being sent twice.
 */
export function createBroadcastSender(options: BroadcastSenderOptions): BroadcastSender {
  const { sql, api } = options;
  const clock = options.clock ?? systemClock;
  const now = () => clock.now();
  const maxInFlight = options.maxInFlight ?? 3;
  const maxAttempts = options.maxAttempts ?? 3;
  const backoffMs = options.backoffMs ?? 500;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 15_000;
  const onError = options.onError ?? (() => {});
  const metrics = options.metrics ?? NO_BOT_METRICS;

  const limiter = new RateLimiter(clock);
  const state = { stopped: true };
  let rate = options.ratePerSecond ?? 30;
  let rateReadAt = -Infinity;
  /** A fresh owner each start: claims left by an earlier run of this process are a dead sender's. */
  let lease: Lease = { owner: randomUUID(), ms: leaseMs };
  let stopRenewal: (() => void) | undefined;
  /** Answers whose store failed (the database was away): kept and stored before anything new is claimed. */
  const unstored = new Map<number, RecipientOutcome[]>();
  /** Monotonic time (clock.monotonic) before which no request starts: a 429's retry_after. */
  let pausedUntil = 0;
  const cancelledIds = new Set<number>();
  let wakeUp: (() => void) | undefined;
  let loop: Promise<void> | undefined;

  function wake(): void {
    wakeUp?.();
  }

  async function idle(ms: number): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = clock.setTimeout(resolve, ms);
      wakeUp = () => {
        clock.clearTimeout(timer);
        resolve();
      };
    });
    wakeUp = undefined;
  }

  async function waitForPause(): Promise<void> {
    while (!state.stopped) {
      const wait = pausedUntil - clock.monotonic();
      if (wait <= 0) return;
      await clock.sleep(wait);
    }
  }

  /** One recipient: retries 429s (after the pause) and other errors (with back-off), up to the bound. */
  async function deliver(broadcast: StoredBroadcast, recipient: ClaimedRecipient): Promise<RecipientOutcome> {
    const { text: content, language } = textFor(broadcast, recipient);
    const text = renderTemplate(content, recipientValues(recipient, language, now()));
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
          pausedUntil = Math.max(pausedUntil, clock.monotonic() + retryAfter * 1000);
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
        await clock.sleep(backoffMs * 2 ** (attempts - 1));
      }
    }
  }

  /**
   * False when the broadcast still has recipients pending or in flight (or was cancelled meanwhile). Its end,
   * its template's uses and its notification are written in one transaction: seen together, kept together.
   */
  async function finish(broadcastId: number): Promise<boolean> {
    return transaction(sql, async (tx) => {
      const finished = await finishBroadcast(tx, broadcastId, now());
      if (!finished) return (await findBroadcastStatus(tx, broadcastId)) !== 'sending';
      if (finished.templateId !== null) await countTemplateBroadcastUses(tx, finished.templateId, finished.successCount);
      const ok = finished.status === 'sent';
      const { successCount, failureCount, unknownCount } = finished;
      const missed = failureCount + unknownCount > 0;
      await createNotification(tx, {
        kind: ok ? 'broadcast_finished' : 'broadcast_failed',
        type: ok ? (missed ? 'warning' : 'success') : 'critical',
        // A failed broadcast is critical (priority 4): the admins are alerted on Telegram.
        priority: ok ? (missed ? 2 : 1) : 4,
        title: ok ? `Broadcast sent: ${finished.title}` : `Broadcast failed: ${finished.title}`,
        message:
          `${successCount} of ${finished.totalRecipients} delivered, ${failureCount} failed` +
          (unknownCount > 0 ? `, ${unknownCount} unknown (in flight when the sender stopped)` : ''),
        expiresAt: new Date(now().getTime() + NOTIFICATION_LIFETIME_MS),
        metadata: { broadcastId: finished.id, status: finished.status, successCount, failureCount, unknownCount },
      });
      return true;
    });
  }

  /**
   * Stores the answers not stored yet for this broadcast (and `outcomes`) and claims up to `limit` more;
   * answers whose store fails stay for the next try.
   */
  async function storeAndClaimNext(broadcastId: number, outcomes: RecipientOutcome[], limit: number): Promise<ClaimedRecipient[]> {
    const batch = [...(unstored.get(broadcastId) ?? []), ...outcomes];
    unstored.delete(broadcastId);
    try {
      return await storeAndClaim(sql, broadcastId, lease, batch, limit, now());
    } catch (error) {
      unstored.set(broadcastId, [...(unstored.get(broadcastId) ?? []), ...batch]);
      throw error;
    }
  }

  async function readRate(): Promise<void> {
    if (options.ratePerSecond !== undefined || clock.monotonic() - rateReadAt < RATE_READ_MS) return;
    rate = await broadcastRatePerSecond(sql);
    rateReadAt = clock.monotonic();
  }

  /** deliver throws only before a request or after a refused one, never after a delivery. */
  async function outcomeOf(broadcast: StoredBroadcast, recipient: ClaimedRecipient): Promise<RecipientOutcome> {
    try {
      return await deliver(broadcast, recipient);
    } catch (error) {
      // Failed with the reason (retry-failed can requeue it) rather than kept claimed under a lease renewed for ever.
      onError(error);
      const reason = `Not sent: ${error instanceof Error ? error.message : String(error)}`;
      return { telegramId: recipient.telegramId, status: 'failed', attempts: recipient.attempts, error: reason, unreachable: false };
    }
  }

  /**
   * Works one broadcast until it has nothing pending. Each statement stores the answers that came in and
   * claims as many recipients as there are requests not in flight, so no more than `maxInFlight` recipients
   * are ever claimed without a stored answer: that is all a crash can leave in doubt. Answers that arrive
   * while a statement runs go together in the next one, so a busy database costs fewer trips.
   */
  async function work(broadcast: StoredBroadcast): Promise<boolean> {
    const answered: RecipientOutcome[] = [];
    let inFlight = 0;
    let storeFailed = false;
    let onAnswer: (() => void) | undefined;
    for (;;) {
      const outcomes = answered.splice(0);
      const limit = !state.stopped && !cancelledIds.has(broadcast.id) && !storeFailed ? maxInFlight - inFlight : 0;
      let claimed: ClaimedRecipient[] = [];
      if (outcomes.length > 0 || limit > 0) {
        try {
          await readRate();
          claimed = await storeAndClaimNext(broadcast.id, outcomes, limit);
        } catch (error) {
          storeFailed = true;
          onError(error);
        }
      }
      for (const recipient of claimed) {
        inFlight++;
        void outcomeOf(broadcast, recipient).then((outcome) => {
          metrics.broadcastMessage(outcome.status);
          inFlight--;
          answered.push(outcome);
          onAnswer?.();
        });
      }
      if (inFlight === 0 && answered.length === 0 && claimed.length === 0) break;
      if (answered.length === 0) await new Promise<void>((resolve) => (onAnswer = resolve));
      onAnswer = undefined;
    }
    cancelledIds.delete(broadcast.id);
    if (state.stopped) {
      await releaseBroadcast(sql, broadcast.id, lease);
      return false;
    }
    return !storeFailed && (await finish(broadcast.id));
  }

  async function run(): Promise<void> {
    while (!state.stopped) {
      try {
        await settleExpiredLeases(sql);
        const broadcast = await nextOpenBroadcast(sql, lease, now());
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
    async sendTest(chatId, content, language) {
      const at = now();
      const facts = await findRecipientFacts(sql, chatId, at);
      const html = renderTemplate(content, recipientValues(facts, language ?? facts.defaultLanguage, at));
      try {
        const message = await options.testApi.sendMessage(chatId, html, { parse_mode: 'HTML', link_preview_options: { is_disabled: true } });
        return { ok: true, messageId: message.message_id };
      } catch (error) {
        const description = error instanceof GrammyError ? error.description : error instanceof Error ? error.message : String(error);
        if (error instanceof GrammyError && error.error_code === 403 && UNREACHABLE.test(description)) {
          await markTelegramUserUnreachable(sql, chatId).catch(onError);
        }
        return { ok: false, error: description };
      }
    },
    async pace() {
      await readRate();
      await waitForPause();
      await limiter.take(() => rate, { stopped: false });
    },
    async start() {
      if (!state.stopped) return;
      lease = { owner: randomUUID(), ms: leaseMs };
      state.stopped = false;
      stopRenewal = repeatEvery(clock, leaseMs / 5, () => void renewLeases(sql, lease).catch(onError));
      loop = run();
    },
    async stop() {
      if (state.stopped) return;
      state.stopped = true;
      wake();
      await loop;
      stopRenewal?.();
    },
  };
}
