import { TelegramApiError } from './errors.js';

/** An error to answer a method with, as `failNext` takes it. */
export interface InjectedError {
  error_code: number;
  description: string;
  /** E.g. `{ retry_after: 3 }` to mimic a 429 from another limit. */
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

const WINDOW_MS = 1000;

/**
 * Faults the simulator injects on purpose: Telegram's flood limit on sendMessage and one-off errors.
 *
 * The rate window runs on the simulator's clock (its `now` option): a test that sets a rate limit moves that
 * clock past the window, as the sender it tests waits on the same clock.
 */
export class Faults {
  private perSecond: number | null = null;
  /** Stamps (ms) of accepted sendMessage calls within the last window. */
  private window: number[] = [];
  private readonly pending = new Map<string, { error: InjectedError; remaining: number }[]>();

  setRateLimit(perSecond: number | null): void {
    if (perSecond !== null && !(Number.isInteger(perSecond) && perSecond > 0)) {
      throw new RangeError(`The rate limit is a positive whole number of messages per second or null, got ${perSecond}`);
    }
    this.perSecond = perSecond;
  }

  /** The 429 Telegram would answer now, when the window is full; undefined otherwise. */
  floodError(nowMs: number): TelegramApiError | undefined {
    this.window = this.window.filter((stamp) => stamp > nowMs - WINDOW_MS);
    const oldest = this.window[0];
    if (this.perSecond === null || this.window.length < this.perSecond || oldest === undefined) return undefined;
    const retryAfter = Math.max(1, Math.ceil((oldest + WINDOW_MS - nowMs) / 1000));
    return new TelegramApiError(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
  }

  /** Counts an accepted sendMessage against the window. */
  recordSend(nowMs: number): void {
    this.window.push(nowMs);
  }

  /** Makes the next `times` calls of `method` fail with `error`, after any failures already queued. */
  failNext(method: string, error: InjectedError, times = 1): void {
    if (!Number.isInteger(times) || times < 1) throw new RangeError(`times must be a positive whole number, got ${times}`);
    const key = method.toLowerCase();
    this.pending.set(key, [...(this.pending.get(key) ?? []), { error, remaining: times }]);
  }

  /** The injected failure for this call of `method`, if one is queued. */
  takeFailure(method: string): TelegramApiError | undefined {
    const key = method.toLowerCase();
    const queue = this.pending.get(key);
    const next = queue?.[0];
    if (!queue || !next) return undefined;
    next.remaining -= 1;
    if (next.remaining === 0) queue.shift();
    if (queue.length === 0) this.pending.delete(key);
    return new TelegramApiError(next.error.error_code, next.error.description, next.error.parameters);
  }

  clear(): void {
    this.perSecond = null;
    this.window = [];
    this.pending.clear();
  }
}
