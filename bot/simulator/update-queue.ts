import type { Update } from 'grammy/types';

/** What a `getUpdates` call asks for, with its parameters already checked. */
export interface UpdateRequest {
  offset?: number;
  limit: number;
  timeoutMs: number;
  allowedUpdates?: readonly string[];
  /** Aborted when the poller hangs up, so its updates go to the next poller instead. */
  signal: AbortSignal;
}

interface Waiter {
  request: UpdateRequest;
  resolve: (updates: Update[]) => void;
}

/** Telegram leaves these out unless `allowed_updates` names them. */
const OPT_IN_TYPES = new Set(['chat_member', 'message_reaction', 'message_reaction_count']);

/** The kind of an update: its one field besides `update_id` (raw, malformed updates may have none). */
const updateType = (update: Update) => Object.keys(update).find((key) => key !== 'update_id');

/**
 * The bot's pending updates and the `getUpdates` long polls waiting for them.
 *
 * Unlike Telegram, which answers a second concurrent poller with 409 Conflict, the queue hands each update to
 * exactly one poller: several pollers (or a runner restarted mid-poll) must never process an update twice.
 * An update handed to a poller that hung up before the answer was written goes back with {@link restore}.
 */
export class UpdateQueue {
  /** Never reset, so a bot that kept its offset across a simulator reset still sees new updates. */
  private nextUpdateId = 1;
  private pending: Update[] = [];
  private waiters: Waiter[] = [];
  /** Telegram remembers the last `allowed_updates` a bot asked for until it asks for another set. */
  private allowed: ReadonlySet<string> | undefined;

  /** Assigns the next `update_id` and hands the update to a waiting poller, or keeps it until one asks. */
  push(body: Record<string, unknown>): Update {
    const update = { ...body, update_id: this.nextUpdateId++ } as Update;
    this.pending.push(update);
    this.wakeWaiters();
    return update;
  }

  /** Puts back updates whose answer never reached the poller. */
  restore(updates: Update[]): void {
    this.pending.push(...updates);
    this.pending.sort((a, b) => a.update_id - b.update_id);
    this.wakeWaiters();
  }

  /** Answers at once when updates are pending, otherwise holds on until one arrives, the timeout, or a hang-up. */
  take(request: UpdateRequest): Promise<Update[]> {
    // An empty list goes back to the default set; leaving the parameter out keeps the last one.
    if (request.allowedUpdates) this.allowed = request.allowedUpdates.length > 0 ? new Set(request.allowedUpdates) : undefined;
    this.confirm(request.offset);
    const ready = this.claim(request);
    if (ready.length > 0 || request.timeoutMs <= 0 || request.signal.aborted) return Promise.resolve(ready);

    return new Promise((resolve) => {
      const finish = (updates: Update[]) => {
        clearTimeout(timer);
        request.signal.removeEventListener('abort', onAbort);
        this.waiters = this.waiters.filter((candidate) => candidate !== waiter);
        resolve(updates);
      };
      const onAbort = () => finish([]);
      const waiter: Waiter = { request, resolve: finish };
      const timer = setTimeout(() => finish([]), request.timeoutMs);
      request.signal.addEventListener('abort', onAbort);
      this.waiters.push(waiter);
    });
  }

  /** Long polls held open, waiting for an update. */
  get waitingPolls(): number {
    return this.waiters.length;
  }

  /** Number of updates not yet handed out (getWebhookInfo's `pending_update_count`). */
  get size(): number {
    return this.pending.length;
  }

  /** Drops every pending update (deleteWebhook with `drop_pending_updates`, and reset). */
  clear(): void {
    this.pending = [];
  }

  /** Ends every waiting poll with no updates, so pollers are not left hanging when the simulator closes. */
  releaseWaiters(): void {
    for (const waiter of [...this.waiters]) waiter.resolve([]);
  }

  /** An offset confirms every update below it; a negative one keeps only the last `-offset` updates. */
  private confirm(offset: number | undefined): void {
    if (offset === undefined || offset === 0) return;
    this.pending = offset > 0 ? this.pending.filter((u) => u.update_id >= offset) : this.pending.slice(offset);
  }

  private claim(request: UpdateRequest): Update[] {
    const claimed: Update[] = [];
    const kept: Update[] = [];
    for (const update of this.pending) {
      if (!this.isAllowed(update)) continue; // Telegram never delivers a type the bot opted out of.
      if (claimed.length < request.limit) claimed.push(update);
      else kept.push(update);
    }
    this.pending = kept;
    return claimed;
  }

  private isAllowed(update: Update): boolean {
    const type = updateType(update);
    if (type === undefined) return true;
    return this.allowed ? this.allowed.has(type) : !OPT_IN_TYPES.has(type);
  }

  private wakeWaiters(): void {
    for (const waiter of [...this.waiters]) {
      if (this.pending.length === 0) return;
      const updates = this.claim(waiter.request);
      if (updates.length > 0) waiter.resolve(updates);
    }
  }
}
