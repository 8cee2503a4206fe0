import type { Sql } from '../../sql/database.js';
import { withinDeadline } from '../../sql/availability.js';
import { isDatabaseUnavailable } from '../../sql/errors.js';
import { claimUpdates, type AskedSpecialty, type CheckedClaim, type ClaimRequest, type DailyRequest, type StateCheck, type UpdateKey } from '../../sql/processed-updates.js';
import type { StateVersions } from '../../sql/bot-state.js';

/** A claim still unanswered after this long was left by a process that died: longer than any attempt lasts. */
const STALE_CLAIM_S = 120;
/**
 * A claim is the update's first statement: one that takes this long means the database is out of reach
 * without saying so (a silent network), and the update is treated as in an outage.
 */
const CLAIM_TIMEOUT_MS = 5000;

/** Claim statements in flight at once: while they run, the claims that come in wait and go together in the next. */
const CLAIMS_IN_FLIGHT = 2;
/** The most claims one statement carries. */
const LARGEST_BATCH = 250;

/**
 * The bot's claims on their way to the database (claimUpdates): a claim goes at once when a statement
 * slot is free, else with the others waiting, in one statement. Under load, an answer's one round trip
 * is shared by many answers; alone, it waits for nothing.
 */
export interface ClaimQueue {
  claim(request: ClaimRequest): Promise<CheckedClaim>;
}

interface WaitingClaim {
  request: ClaimRequest;
  /** Its batch was refused for a reason other than the database being away: it goes in a statement of its own. */
  alone?: boolean;
  resolve(claim: CheckedClaim): void;
  reject(error: unknown): void;
}

export function createClaimQueue(sql: Sql): ClaimQueue {
  let waiting: WaitingClaim[] = [];
  let inFlight = 0;

  /** The next batch: claims of the same update, or of the same user's daily request or asked specialty, wait for a later one. */
  function nextBatch(): WaitingClaim[] {
    const aloneAt = waiting.findIndex((claim) => claim.alone);
    if (aloneAt >= 0) return waiting.splice(aloneAt, 1);
    const batch: WaitingClaim[] = [];
    const later: WaitingClaim[] = [];
    const taken = new Set<string>();
    for (const claim of waiting) {
      const { key, request, asked } = claim.request;
      const names = [`u${key.botId}:${key.updateId}`, ...(request ? [`d${request.telegramId}:${request.day}`] : []), ...(asked ? [`a${asked.telegramId}`] : [])];
      if (batch.length >= LARGEST_BATCH || names.some((name) => taken.has(name))) {
        later.push(claim);
        continue;
      }
      for (const name of names) taken.add(name);
      batch.push(claim);
    }
    waiting = later;
    return batch;
  }

  function send(): void {
    while (inFlight < CLAIMS_IN_FLIGHT && waiting.length > 0) {
      const batch = nextBatch();
      inFlight += 1;
      claimUpdates(sql, batch.map((claim) => claim.request), STALE_CLAIM_S)
        .then(
          (results) => batch.forEach((claim, index) => claim.resolve(results[index]!)),
          (error: unknown) => {
            // One claim the database refuses must not fail the others that went with it: each is tried alone.
            if (batch.length > 1 && !isDatabaseUnavailable(error)) waiting.unshift(...batch.map((claim) => ({ ...claim, alone: true })));
            else batch.forEach((claim) => claim.reject(error));
          },
        )
        .finally(() => {
          inFlight -= 1;
          send();
        });
    }
  }

  return {
    claim(request) {
      return new Promise((resolve, reject) => {
        waiting.push({ request, resolve, reject });
        send();
      });
    },
  };
}

/** The update is another attempt's: answered already, or being answered. */
export class UpdateNotOurs extends Error {
  readonly claim: 'answered' | 'in-progress';

  constructor(claim: 'answered' | 'in-progress') {
    super(`The update is ${claim} elsewhere`);
    this.claim = claim;
  }
}

/** What the attempt decided with from memory has changed: forget it and run the update again. */
export class MemoryOutOfDate extends Error {
  readonly current: { versions: StateVersions; telegramId: number | null; userVersion: number | null };

  constructor(current: { versions: StateVersions; telegramId: number | null; userVersion: number | null }) {
    super('What the bot keeps in memory changed in the database');
    this.current = current;
  }
}

/** Errors the update guard answers by running the update again (or not at all), when nothing was sent yet. */
export function isForTheGuard(error: unknown): boolean {
  return isDatabaseUnavailable(error) || error instanceof UpdateNotOurs || error instanceof MemoryOutOfDate;
}

/**
 * The claim of one update, across its attempts. Nothing is claimed until the attempt is about to do
 * something that must happen once (send, write, log): then one statement claims it and checks the
 * attempt's memory, and a lookup takes its daily request in that same statement.
 */
export interface UpdateClaimer {
  readonly claimed: boolean;
  /**
   * Claims without checking memory from now on: after a few attempts found it out of date (a bulk import
   * writing batch after batch), the answer goes out with what the last attempt read, as it would have
   * had the writes come a moment later.
   */
  stopChecking(): void;
  /** Claims the update unless it is already this update's; throws UpdateNotOurs or MemoryOutOfDate. */
  ensure(check: StateCheck): Promise<void>;
  /** Claims it with one daily request: the count used after it, or undefined at the limit. */
  withDailyRequest(check: StateCheck, request: DailyRequest): Promise<number | undefined>;
  /** Claims it (again, when it is already this attempt's) and keeps the specialty asked for in the same statement. */
  withAskedSpecialty(check: StateCheck, asked: AskedSpecialty): Promise<void>;
}

export function createUpdateClaimer(queue: ClaimQueue, key: UpdateKey, claimant: string): UpdateClaimer {
  let claimed = false;
  let checking = true;
  async function claim(check: StateCheck, extra: Pick<ClaimRequest, 'request' | 'asked'> = {}): Promise<number | undefined> {
    // A claim statement given up on may still commit: it is this claimant's, as the next claim sees.
    const result = await withinDeadline(queue.claim({ key, claimant, check: checking ? check : null, ...extra }), CLAIM_TIMEOUT_MS);
    if (result.claim === 'stale') throw new MemoryOutOfDate({ versions: result.versions, telegramId: check.telegramId, userVersion: result.userVersion });
    if (result.claim !== 'claimed') throw new UpdateNotOurs(result.claim);
    claimed = true;
    return result.used;
  }
  return {
    get claimed() {
      return claimed;
    },
    stopChecking() {
      checking = false;
    },
    async ensure(check) {
      if (!claimed) await claim(check);
    },
    withDailyRequest(check, request) {
      return claim(check, { request });
    },
    async withAskedSpecialty(check, asked) {
      await claim(check, { asked });
    },
  };
}
