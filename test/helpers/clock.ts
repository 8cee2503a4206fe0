/** A clock the test moves by hand, so time-based rules are tested without waiting. */
export function createTestClock(start = new Date('2026-11-21T10:00:00Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
    set(date: Date) {
      current = date.getTime();
    },
  };
}
export type TestClock = ReturnType<typeof createTestClock>;
