import { setTimeout as sleep } from 'node:timers/promises';
import type { Update } from 'grammy/types';
import type { UpdateQueue } from './update-queue.js';

/** A webhook as setWebhook registered it. */
export interface WebhookTarget {
  url: string;
  /** Sent as X-Telegram-Bot-Api-Secret-Token; empty: no header. */
  secretToken: string;
  /** The update types asked for; undefined keeps the last set asked for. */
  allowedUpdates: readonly string[] | undefined;
}

/** The last failed delivery, as getWebhookInfo reports it. */
export interface DeliveryError {
  date: number;
  message: string;
}

/** How long a delivery waits before posting an update its webhook did not accept again. */
const RETRY_AFTER_MS = 500;
/** A poll of the queue ends after this long with nothing and starts again (any length would do). */
const IDLE_POLL_MS = 60_000;

/**
 * Posts the bot's updates to its webhook one at a time, in order, as Telegram does: an update counts as
 * delivered on a 2xx answer; otherwise it goes back to the queue and is posted again after a pause.
 * `rewriteUrl` says where a post to the webhook URL really goes (see TelegramSimulator.forwardWebhookTo).
 */
export class WebhookDelivery {
  private stopping: AbortController | undefined;
  private loop: Promise<void> | undefined;
  /** Changes of target, one after the other, so that two quick setWebhook calls never leave two loops. */
  private changes: Promise<void> = Promise.resolve();
  lastError: DeliveryError | undefined;
  /** Updates being posted right now: still pending for getWebhookInfo. */
  posting = 0;

  private readonly updates: UpdateQueue;
  private readonly rewriteUrl: (url: string) => string;

  constructor(
    updates: UpdateQueue,
    rewriteUrl: (url: string) => string,
  ) {
    this.updates = updates;
    this.rewriteUrl = rewriteUrl;
  }

  /** Starts posting to the target (stopping any previous delivery first); undefined stops delivering. */
  deliverTo(target: WebhookTarget | undefined): Promise<void> {
    this.changes = this.changes.then(async () => {
      await this.end();
      this.lastError = undefined;
      if (!target) return;
      const stopping = new AbortController();
      this.stopping = stopping;
      this.loop = this.run(target, stopping.signal);
    });
    return this.changes;
  }

  /** Ends the delivery; an update being posted goes back to the queue if its answer did not arrive. */
  stop(): Promise<void> {
    return this.deliverTo(undefined);
  }

  private async end(): Promise<void> {
    this.stopping?.abort();
    await this.loop;
    this.stopping = undefined;
    this.loop = undefined;
  }

  private async run(target: WebhookTarget, signal: AbortSignal): Promise<void> {
    let allowedUpdates = target.allowedUpdates;
    while (!signal.aborted) {
      const [update] = await this.updates.take({ limit: 1, timeoutMs: IDLE_POLL_MS, allowedUpdates, signal });
      // Asked for once, as Telegram remembers it; later takes keep that set.
      allowedUpdates = undefined;
      if (!update) continue;
      this.posting++;
      const failure = await this.post(target, update, signal).finally(() => this.posting--);
      if (failure === undefined) continue;
      this.updates.restore([update]);
      if (signal.aborted) return;
      this.lastError = { date: Math.floor(Date.now() / 1000), message: failure };
      await sleep(RETRY_AFTER_MS, undefined, { signal }).catch(() => {});
    }
  }

  /** Undefined when the webhook accepted the update, else why not (as getWebhookInfo words it). */
  private async post(target: WebhookTarget, update: Update, signal: AbortSignal): Promise<string | undefined> {
    const url = this.rewriteUrl(target.url);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(target.secretToken && { 'x-telegram-bot-api-secret-token': target.secretToken }) },
        body: JSON.stringify(update),
        signal,
      });
      // The body may carry a method call (a "webhook reply"); the bot does not use them.
      await response.arrayBuffer();
      return response.ok ? undefined : `Wrong response from the webhook: ${response.status} ${response.statusText}`;
    } catch (error) {
      return `Connection failed: ${error instanceof Error ? error.message : String(error)}`;
    }
  }
}
