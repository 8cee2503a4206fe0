import type { EventEmitter } from 'node:events';

const REMEMBERED_UPDATES = 10_000;

/**
 * Lets a caller wait until the bot has answered a given update (the Bot Sandbox, tests). Keeps
 * the ids of the last updates handled, so a wait that starts late still returns at once.
 */
export function createUpdateTracker(events: EventEmitter) {
  const handled = new Set<number>();
  const waiters = new Map<number, (() => void)[]>();
  events.on('handled', (updateId: number) => {
    handled.add(updateId);
    if (handled.size > REMEMBERED_UPDATES) handled.delete(handled.values().next().value!);
    for (const wake of waiters.get(updateId) ?? []) wake();
    waiters.delete(updateId);
  });
  return {
    /** Resolves once the update is handled; rejects after timeoutMs. */
    whenHandled(updateId: number, timeoutMs = 10_000): Promise<void> {
      if (handled.has(updateId)) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`The bot did not answer update ${updateId} within ${timeoutMs} ms`)), timeoutMs);
        waiters.set(updateId, [
          ...(waiters.get(updateId) ?? []),
          () => {
            clearTimeout(timer);
            resolve();
          },
        ]);
      });
    },
  };
}
export type UpdateTracker = ReturnType<typeof createUpdateTracker>;
