import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Resolves once `condition` holds, looking again every few milliseconds; throws after `timeoutMs`, a bound
 * that only keeps a broken test from hanging (no test's outcome depends on it).
 */
export async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms: ${what}`);
    await sleep(5);
  }
}
