/**
 * A small in-process runner for the product's periodic jobs (log roll-up, retention, …). It lives
 * in scripts/ because only the composition root uses it, and it knows nothing of the jobs: each is
 * a name, an interval and a function.
 */
import { systemClock, type Clock } from '../bot/clock.js';

export interface JobRunner {
  /**
   * Registers a job (before start()): it runs at start (or `firstRunAfterMs` later, for jobs too
   * heavy to run while the process starts), then `intervalMs` after each run ends, so runs of one
   * job never overlap. A run that throws is reported to onError and the next run still happens.
   */
  every(name: string, intervalMs: number, run: (now: Date) => Promise<unknown>, options?: { firstRunAfterMs?: number }): void;
  start(): void;
  /** Resolves once no job run is in progress. */
  whenIdle(): Promise<void>;
  /** Cancels the coming runs and waits for the ones in progress. */
  stop(): Promise<void>;
}

interface Job {
  name: string;
  intervalMs: number;
  firstRunAfterMs: number;
  run: (now: Date) => Promise<unknown>;
  timer?: unknown;
  running?: Promise<void>;
}

export function createJobRunner({
  clock = systemClock,
  onError,
}: {
  /** Time and timers; tests drive the runner with a hand-moved clock. */
  clock?: Clock;
  onError: (jobName: string, error: unknown) => void;
}): JobRunner {
  const jobs: Job[] = [];
  let stopped = false;

  function runNow(job: Job): void {
    job.timer = undefined;
    job.running = (async () => {
      try {
        await job.run(clock.now());
      } catch (error) {
        onError(job.name, error);
      }
      job.running = undefined;
      if (!stopped) job.timer = clock.setTimeout(() => runNow(job), job.intervalMs);
    })();
  }

  async function whenIdle(): Promise<void> {
    await Promise.all(jobs.map((job) => job.running));
  }

  return {
    every(name, intervalMs, run, { firstRunAfterMs = 0 } = {}) {
      jobs.push({ name, intervalMs, firstRunAfterMs, run });
    },
    start() {
      for (const job of jobs) {
        if (job.firstRunAfterMs > 0) job.timer = clock.setTimeout(() => runNow(job), job.firstRunAfterMs);
        else runNow(job);
      }
    },
    whenIdle,
    async stop() {
      stopped = true;
      for (const job of jobs) if (job.timer !== undefined) clock.clearTimeout(job.timer);
      await whenIdle();
    },
  };
}
