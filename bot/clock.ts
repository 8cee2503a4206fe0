import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Time and timers, handed to the parts that wait or measure (the broadcast sender, the update guard, the
 * log recorder, the job runner), so tests move time by hand instead of waiting for it.
 */
export interface Clock {
  /** Wall-clock time: what is stored and shown. */
  now(): Date;
  /** Milliseconds from an arbitrary start that never go back: for durations and deadlines. */
  monotonic(): number;
  /** Resolves after `ms`. */
  sleep(ms: number): Promise<void>;
  /** Calls back once after `ms`; the handle is for clearTimeout. */
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  monotonic: () => performance.now(),
  sleep: (ms) => sleep(ms),
  // Unreferenced: a pending background run (a job, a log flush, a poll) must not keep the process alive on its own.
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Calls back every `ms` on the clock's timers until the returned function is called. */
export function repeatEvery(clock: Clock, ms: number, callback: () => void): () => void {
  let handle: unknown;
  const arm = () => {
    handle = clock.setTimeout(() => {
      arm();
      callback();
    }, ms);
  };
  arm();
  return () => clock.clearTimeout(handle);
}
