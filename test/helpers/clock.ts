import { systemClock, type Clock } from '../../bot/clock.js';

/** A clock the test moves by hand, so time-based rules are tested without waiting. */
export function createTestClock(start = new Date('2026-11-21T10:00:00Z')) {
  let current = start.getTime();
  let nextTimerId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  /** Tests waiting for the code under test to set a timer (untilTimers). */
  const timerWaiters: (() => void)[] = [];
  const setTimer = (callback: () => void, ms: number): number => {
    const id = nextTimerId++;
    timers.set(id, { at: current + Math.max(0, ms), callback });
    for (const waiter of timerWaiters.splice(0)) waiter();
    return id;
  };
  const clock = {
    now: () => new Date(current),
    /** Moves with now(); set() may move now() back, as a changed wall clock does, but tests do not move it back past a timer. */
    monotonic: () => current,
    /** Moves time forward, firing the timers that fall due on the way, earliest first. */
    advance(ms: number) {
      const target = current + ms;
      for (;;) {
        const due = [...timers].filter(([, timer]) => timer.at <= target).sort(([, a], [, b]) => a.at - b.at)[0];
        if (!due) break;
        const [id, timer] = due;
        timers.delete(id);
        current = timer.at;
        timer.callback();
      }
      current = target;
    },
    /** Moves time to the earliest timer and fires it (and any due with it); false when none is set. */
    advanceToNextTimer(): boolean {
      const next = Math.min(...[...timers.values()].map((timer) => timer.at));
      if (!Number.isFinite(next)) return false;
      clock.advance(Math.max(0, next - current));
      return true;
    },
    set(date: Date) {
      current = date.getTime();
    },
    setTimeout(callback: () => void, ms: number): unknown {
      return setTimer(callback, ms);
    },
    clearTimeout(handle: unknown) {
      timers.delete(handle as number);
    },
    sleep: (ms: number) => new Promise<void>((resolve) => void setTimer(resolve, ms)),
    /** Timers set and not yet fired or cleared. */
    pendingTimers: () => timers.size,
    /** Resolves once at least `count` timers are set: the code under test has come to wait. */
    async untilTimers(count = 1): Promise<void> {
      while (timers.size < count) await new Promise<void>((resolve) => timerWaiters.push(resolve));
    },
  } satisfies Clock & Record<string, unknown>;
  return clock;
}
export type TestClock = ReturnType<typeof createTestClock>;

/**
 * The test clock's dates with real timers: for the bot harness, whose tests move the date (a button's age)
 * while the bot's waits (its log flushes, its retries) pass on their own.
 */
export function realTimersDatedBy(clock: TestClock): Clock {
  return { ...systemClock, now: clock.now };
}
