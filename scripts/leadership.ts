import { systemClock, type Clock } from '../bot/clock.js';
import type { HeldLock } from '../sql/leader-lock.js';

/**
 * Leadership among instances that share one database: the work only one of them may do (the broadcast
 * sender, the periodic jobs) runs in the instance that holds a lock. It lives in scripts/ because only the
 * composition root uses it; it knows nothing of the lock's kind or of the work.
 */

export interface LeadershipOptions {
  /** Takes the lock; undefined while another instance holds it. */
  acquire: () => Promise<HeldLock | undefined>;
  /** Starts the leader's work, once the lock is taken. */
  lead: () => Promise<void>;
  /** Stops the leader's work: the lock was lost, or the process stops. */
  standDown: () => Promise<void>;
  /** How often a follower tries to take the lock, and a leader checks it still holds it. */
  checkEveryMs: number;
  /** Whose timers space the checks (systemClock unless given: its timers do not keep the process alive). */
  clock?: Clock;
  /** Told each time this instance becomes the leader (true) or stops being it (false). */
  onChange?: (leading: boolean) => void;
  onError: (error: unknown) => void;
}

export interface Leadership {
  /** Tries once at once (so a lone instance leads when this resolves), then every checkEveryMs. */
  start(): Promise<void>;
  /** Stops trying; a leader stops its work and releases the lock, so a follower takes over. */
  stop(): Promise<void>;
  isLeader(): boolean;
}

export function createLeadership(options: LeadershipOptions): Leadership {
  const { acquire, lead, standDown, checkEveryMs, onError } = options;
  const onChange = options.onChange ?? (() => {});
  const clock = options.clock ?? systemClock;
  let lock: HeldLock | undefined;
  let stopped = false;
  let timer: unknown;
  let checking: Promise<void> = Promise.resolve();

  async function resign(held: HeldLock): Promise<void> {
    lock = undefined;
    onChange(false);
    await standDown().catch(onError);
    await held.release();
  }

  async function check(): Promise<void> {
    try {
      if (lock) {
        if (await lock.stillHeld()) return;
        // Another instance may already lead: stop at once. Compete again from the next check, like any
        // follower: the session that was lost was this instance's, so the others, whose sessions live, go first.
        await resign(lock);
        return;
      }
      const taken = await acquire();
      if (!taken) return;
      try {
        await lead();
      } catch (error) {
        await standDown().catch(onError);
        await taken.release();
        throw error;
      }
      lock = taken;
      onChange(true);
    } catch (error) {
      onError(error);
    }
  }

  function schedule(): void {
    timer = clock.setTimeout(() => {
      checking = check().then(() => {
        if (!stopped) schedule();
      });
    }, checkEveryMs);
  }

  return {
    async start() {
      checking = check();
      await checking;
      if (!stopped) schedule();
    },
    async stop() {
      stopped = true;
      clock.clearTimeout(timer);
      await checking;
      if (lock) await resign(lock);
    },
    isLeader: () => lock !== undefined,
  };
}
