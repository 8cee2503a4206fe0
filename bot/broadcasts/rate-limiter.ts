import type { Clock } from '../clock.js';

/** The window the rate applies to, with a margin for the trip to Telegram (its window is counted on arrival). */
const RATE_WINDOW_MS = 1025;
/** A sliding log of send starts: a send may start only while fewer than `rate` started in the last window. */
export class RateLimiter {
  private starts: number[] = [];
  private head = 0;

  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  async take(rate: () => number, signal: { stopped: boolean }): Promise<void> {
    for (;;) {
      const limit = rate();
      const nowMs = this.clock.monotonic();
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
      await this.clock.sleep(Math.max(1, oldest + RATE_WINDOW_MS - nowMs));
    }
  }
}
