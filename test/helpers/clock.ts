/** A clock the test moves by hand, so time-based rules are tested without waiting. */
export function createTestClock(start = new Date('2026-11-21T10:00:00Z')) {
  let current = start.getTime();
  let nextTimerId = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => new Date(current),
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
    set(date: Date) {
      current = date.getTime();
    },
    setTimeout(callback: () => void, ms: number): unknown {
      const id = nextTimerId++;
      timers.set(id, { at: current + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(handle: unknown) {
      timers.delete(handle as number);
    },
    /** Timers set and not yet fired or cleared. */
    pendingTimers: () => timers.size,
  };
}
export type TestClock = ReturnType<typeof createTestClock>;
