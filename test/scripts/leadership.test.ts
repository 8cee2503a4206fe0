import t from 'tap';
import { createLeadership, type Leadership } from '../../scripts/leadership.js';
import { LEADER_LOCK_ID, tryAdvisoryLock, type HeldLock } from '../../sql/leader-lock.js';
import { createTestClock, type TestClock } from '../helpers/clock.js';
import { createTestDatabase } from '../helpers/database.js';
import { until } from '../helpers/wait.js';

const CHECK_MS = 100;
/**
 * These tests assert who leads, not how fast: the checks run on a test clock. A take-over waits for the old
 * session to end and for a new connection, real work that a busy machine may make slow.
 */
const PATIENCE_MS = 30_000;

/** Runs checks, `instances` at a time (each instance's next check is set once its last is done), until `condition` holds. */
function checkUntil(clock: TestClock, instances: number, condition: () => boolean, what: string): Promise<void> {
  return until(async () => {
    if (condition()) return true;
    await clock.untilTimers(instances);
    clock.advance(CHECK_MS);
    return false;
  }, what, PATIENCE_MS);
}

t.test(
  'the advisory lock: one leader; a follower takes over when the leader stops or its session is ended, and the old leader stands down',
  { skip: process.env.TEST_DATABASE_URL ? false : 'needs a PostgreSQL server (TEST_DATABASE_URL): the embedded database always leads' },
  async (t) => {
    const db = await createTestDatabase({ migrate: false });
    t.teardown(() => db.close());
    const events: string[] = [];
    const clock = createTestClock();
    const instance = async (name: string): Promise<Leadership> => {
      const leadership = createLeadership({
        acquire: () => tryAdvisoryLock(db.url!, LEADER_LOCK_ID),
        lead: async () => void events.push(`${name} leads`),
        standDown: async () => void events.push(`${name} stands down`),
        checkEveryMs: CHECK_MS,
        clock,
        onError: (error) => t.fail(`${name}: ${String(error)}`),
      });
      t.teardown(() => leadership.stop());
      return leadership;
    };
    const a = await instance('a');
    await a.start();
    const b = await instance('b');
    await b.start();
    t.same([a.isLeader(), b.isLeader(), events], [true, false, ['a leads']], 'the first to start leads');
    let checks = 0;
    await checkUntil(clock, 2, () => ++checks > 3, 'three rounds of checks');
    await clock.untilTimers(2);
    t.same(events, ['a leads'], 'the follower keeps trying without taking over');

    // The leader's connection drops (a network cut, a server restart): the server ends its session and its lock.
    const ended = await db.sql`
      SELECT pg_terminate_backend(pid) FROM pg_locks
      WHERE locktype = 'advisory' AND objid = ${LEADER_LOCK_ID}::bigint::oid
        -- Other test files run products on the same server, each in a database of its own.
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
    t.equal(ended.length, 1, 'one session held the lock');
    await checkUntil(clock, 2, () => b.isLeader() && !a.isLeader(), 'b leads and a no longer does');
    t.same(events.filter((event) => event.startsWith('a')), ['a leads', 'a stands down'], 'a noticed and stood down');
    t.same(events.filter((event) => event.startsWith('b')), ['b leads']);

    await b.stop();
    await checkUntil(clock, 1, () => a.isLeader(), 'a leads again');
    t.same(events.slice(-2), ['b stands down', 'a leads'], 'b released the lock on stop, and a took it');
  },
);

t.test('work that fails to start gives the lock back and is tried again on the next check', async (t) => {
  const log: string[] = [];
  let attempts = 0;
  const lock: HeldLock = { stillHeld: async () => true, release: async () => void log.push('released') };
  const errors: unknown[] = [];
  const clock = createTestClock();
  const leadership = createLeadership({
    acquire: async () => {
      log.push('acquired');
      return lock;
    },
    lead: async () => {
      if (++attempts === 1) throw new Error('the sender could not start');
      log.push('leads');
    },
    standDown: async () => void log.push('stands down'),
    checkEveryMs: CHECK_MS,
    clock,
    onChange: (leading) => log.push(leading ? 'leading' : 'following'),
    onError: (error) => errors.push(error),
  });
  await leadership.start();
  t.equal(leadership.isLeader(), false);
  t.same(log, ['acquired', 'stands down', 'released']);
  t.match(errors, [{ message: 'the sender could not start' }]);
  await checkUntil(clock, 1, () => leadership.isLeader(), 'the next check leads');
  t.same(log.slice(3), ['acquired', 'leads', 'leading']);
  await leadership.stop();
  t.same(log.slice(6), ['following', 'stands down', 'released'], 'stop stands down and releases');
  t.equal(leadership.isLeader(), false);
});

t.test('a leader that lost its lock stands down, and competes again only from the next check', async (t) => {
  const log: string[] = [];
  let held = true;
  const clock = createTestClock();
  const leadership = createLeadership({
    acquire: async () => {
      log.push('acquired');
      held = true;
      return { stillHeld: async () => held, release: async () => void log.push('released') };
    },
    lead: async () => void log.push('leads'),
    standDown: async () => void log.push('stands down'),
    checkEveryMs: CHECK_MS,
    clock,
    onError: (error) => t.fail(String(error)),
  });
  await leadership.start();
  held = false;
  await checkUntil(clock, 1, () => !leadership.isLeader(), 'it notices the loss');
  t.same(log, ['acquired', 'leads', 'stands down', 'released'], 'the check that noticed does not take the lock again');
  await checkUntil(clock, 1, () => leadership.isLeader(), 'a later check leads');
  t.same(log.slice(4), ['acquired', 'leads']);
  await leadership.stop();
});
