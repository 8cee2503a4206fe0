import t from 'tap';
import { createLeadership, type Leadership } from '../../scripts/leadership.js';
import { LEADER_LOCK_ID, tryAdvisoryLock, type HeldLock } from '../../sql/leader-lock.js';
import { createTestDatabase } from '../helpers/database.js';

const CHECK_MS = 100;
/**
 * These tests assert who leads, not how fast. A take-over waits for the old session to end and for a new
 * connection; on a CI machine running every other test file beside this one it once took longer than 50 checks.
 */
const PATIENCE_MS = 30_000;

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + PATIENCE_MS;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting ${PATIENCE_MS} ms until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, CHECK_MS / 5));
  }
}

t.test(
  'the advisory lock: one leader; a follower takes over when the leader stops or its session is ended, and the old leader stands down',
  { skip: process.env.TEST_DATABASE_URL ? false : 'needs a PostgreSQL server (TEST_DATABASE_URL): the embedded database always leads' },
  async (t) => {
    const db = await createTestDatabase({ migrate: false });
    t.teardown(() => db.close());
    const events: string[] = [];
    const instance = async (name: string): Promise<Leadership> => {
      const leadership = createLeadership({
        acquire: () => tryAdvisoryLock(db.url!, LEADER_LOCK_ID),
        lead: async () => void events.push(`${name} leads`),
        standDown: async () => void events.push(`${name} stands down`),
        checkEveryMs: CHECK_MS,
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
    await new Promise((resolve) => setTimeout(resolve, 3 * CHECK_MS));
    t.same(events, ['a leads'], 'the follower keeps trying without taking over');

    // The leader's connection drops (a network cut, a server restart): the server ends its session and its lock.
    const ended = await db.sql`
      SELECT pg_terminate_backend(pid) FROM pg_locks
      WHERE locktype = 'advisory' AND objid = ${LEADER_LOCK_ID}::bigint::oid
        -- Other test files run products on the same server, each in a database of its own.
        AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`;
    t.equal(ended.length, 1, 'one session held the lock');
    await until(() => b.isLeader() && !a.isLeader(), 'b leads and a no longer does');
    t.same(events.filter((event) => event.startsWith('a')), ['a leads', 'a stands down'], 'a noticed and stood down');
    t.same(events.filter((event) => event.startsWith('b')), ['b leads']);

    await b.stop();
    await until(() => a.isLeader(), 'a leads again');
    t.same(events.slice(-2), ['b stands down', 'a leads'], 'b released the lock on stop, and a took it');
  },
);

t.test('work that fails to start gives the lock back and is tried again on the next check', async (t) => {
  const log: string[] = [];
  let attempts = 0;
  const lock: HeldLock = { stillHeld: async () => true, release: async () => void log.push('released') };
  const errors: unknown[] = [];
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
    onChange: (leading) => log.push(leading ? 'leading' : 'following'),
    onError: (error) => errors.push(error),
  });
  await leadership.start();
  t.equal(leadership.isLeader(), false);
  t.same(log, ['acquired', 'stands down', 'released']);
  t.match(errors, [{ message: 'the sender could not start' }]);
  await until(() => leadership.isLeader(), 'the next check leads');
  t.same(log.slice(3), ['acquired', 'leads', 'leading']);
  await leadership.stop();
  t.same(log.slice(6), ['following', 'stands down', 'released'], 'stop stands down and releases');
  t.equal(leadership.isLeader(), false);
});

t.test('a leader that lost its lock stands down, and competes again only from the next check', async (t) => {
  const log: string[] = [];
  let held = true;
  const leadership = createLeadership({
    acquire: async () => {
      log.push('acquired');
      held = true;
      return { stillHeld: async () => held, release: async () => void log.push('released') };
    },
    lead: async () => void log.push('leads'),
    standDown: async () => void log.push('stands down'),
    checkEveryMs: CHECK_MS,
    onError: (error) => t.fail(String(error)),
  });
  await leadership.start();
  held = false;
  await until(() => !leadership.isLeader(), 'it notices the loss');
  t.same(log, ['acquired', 'leads', 'stands down', 'released'], 'the check that noticed does not take the lock again');
  await until(() => leadership.isLeader(), 'a later check leads');
  t.same(log.slice(4), ['acquired', 'leads']);
  await leadership.stop();
});
