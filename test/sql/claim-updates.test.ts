import t from 'tap';
import { claimUpdates, markUpdatesAnswered, type ClaimRequest, type UpdateKey } from '../../sql/processed-updates.js';
import { readStateVersions } from '../../sql/bot-state.js';
import { createClaimQueue } from '../../bot/updates/update-claim.js';
import { createTestDatabase } from '../helpers/database.js';

/**
 * The claims of many updates go in one statement (claimUpdates, through the bot's
 * ClaimQueue). Each claim in a batch is decided as it would be alone: nothing lost, nothing twice.
 */

const db = await createTestDatabase();
t.teardown(() => db.close());
const { sql } = db;
const STALE_S = 120;
const DAY = '2026-11-25';
const USERS = [701, 702, 703];
await sql`INSERT INTO telegram_users (telegram_id, first_name) SELECT id, 'User' FROM unnest(${USERS}::bigint[]) AS id`;

let nextUpdateId = 0;
const aKey = (): UpdateKey => ({ botId: 1, updateId: (nextUpdateId += 1), fingerprint: `f${nextUpdateId}` });
const usedToday = async (telegramId: number) =>
  (await sql<{ used: number }[]>`SELECT used FROM daily_usage WHERE telegram_id = ${telegramId} AND usage_date = ${DAY}`)[0]?.used ?? 0;

t.test('each claim of a batch is decided on its own, in the order asked', async (t) => {
  const versions = await readStateVersions(sql);
  const [answeredKey, othersKey, ownKey, staleKey, freshKey, limitedKey] = Array.from({ length: 6 }, aKey);
  await markUpdatesAnswered(sql, [answeredKey!]);
  t.match(await claimUpdates(sql, [{ key: othersKey!, claimant: 'other', check: null }, { key: ownKey!, claimant: 'me', check: null }], STALE_S), [
    { claim: 'claimed' },
    { claim: 'claimed' },
  ]);
  await sql`INSERT INTO daily_usage (telegram_id, usage_date, used) VALUES (${USERS[2]!}, ${DAY}, 3)`;
  const check = { versions, telegramId: USERS[0]!, userVersion: 0 };
  const [userRow] = await sql<{ accessVersion: number }[]>`SELECT access_version FROM telegram_users WHERE telegram_id = ${USERS[0]!}`;
  check.userVersion = Number(userRow!.accessVersion);
  const requests: ClaimRequest[] = [
    { key: answeredKey!, claimant: 'me', check: null },
    { key: othersKey!, claimant: 'me', check: null },
    { key: ownKey!, claimant: 'me', check: null },
    { key: staleKey!, claimant: 'me', check: { ...check, versions: { ...versions, templates: versions.templates - 1 } }, request: { telegramId: USERS[1]!, day: DAY, limit: 10 } },
    { key: freshKey!, claimant: 'me', check, request: { telegramId: USERS[0]!, day: DAY, limit: 10 } },
    { key: limitedKey!, claimant: 'me', check: null, request: { telegramId: USERS[2]!, day: DAY, limit: 3 } },
  ];
  const results = await claimUpdates(sql, requests, STALE_S);
  t.strictSame(results[0], { claim: 'answered', used: undefined }, 'an answered update is not claimed again');
  t.strictSame(results[1], { claim: 'in-progress', used: undefined }, "another attempt's recent claim is left to it");
  t.strictSame(results[2], { claim: 'claimed', used: undefined }, "the claimant's own claim is still its own");
  t.match(results[3], { claim: 'stale', versions: { templates: versions.templates } }, 'what moved is told, with its version now');
  t.strictSame(results[4], { claim: 'claimed', used: 1 }, 'a fresh claim takes its daily request');
  t.strictSame(results[5], { claim: 'claimed', used: undefined }, 'a user at the limit is claimed but not counted');
  t.equal(await usedToday(USERS[1]!), 0, 'the stale claim took no daily request');
  t.equal(await usedToday(USERS[2]!), 3, 'nor did the one at the limit');
  const [claimedStale] = await sql`SELECT 1 FROM processed_updates WHERE update_id = ${staleKey!.updateId}`;
  t.equal(claimedStale, undefined, 'the stale claim claimed nothing');
});

t.test('the queue puts one user\'s requests in separate statements: each counted once, none past the limit', async (t) => {
  const queue = createClaimQueue(sql);
  const limit = 5;
  const claims = await Promise.all(
    Array.from({ length: 12 }, () => queue.claim({ key: aKey(), claimant: 'me', check: null, request: { telegramId: USERS[1]!, day: DAY, limit } })),
  );
  const used = claims.map((claim) => (claim.claim === 'claimed' ? claim.used : 'not claimed'));
  t.strictSame(used.filter((count) => count !== undefined).sort(), [1, 2, 3, 4, 5], 'counts 1 to 5, each once');
  t.equal(used.filter((count) => count === undefined).length, 7, 'the other seven claimed at the limit');
  t.equal(await usedToday(USERS[1]!), limit);
});

t.test('the queue sends the same update twice in one go as two statements: one claim wins', async (t) => {
  const queue = createClaimQueue(sql);
  const key = aKey();
  const claims = await Promise.all(['first', 'second', 'third'].map((claimant) => queue.claim({ key, claimant, check: null })));
  t.strictSame(claims.map((claim) => claim.claim).sort(), ['claimed', 'in-progress', 'in-progress']);
});

t.test('a claim the database refuses fails alone: the claims that went with it are tried again without it', async (t) => {
  const queue = createClaimQueue(sql);
  // The first two take both statement slots, so the next three wait and go in one statement.
  const first = Promise.all([queue.claim({ key: aKey(), claimant: 'me', check: null }), queue.claim({ key: aKey(), claimant: 'me', check: null })]);
  const pending = [
    queue.claim({ key: aKey(), claimant: 'me', check: null }),
    queue.claim({ key: aKey(), claimant: 'me', check: null, request: { telegramId: 2 ** 63, day: DAY, limit: null } }),
    queue.claim({ key: aKey(), claimant: 'me', check: null }),
  ];
  // Settled from the start: on a busy machine the refused claim may fail while the first two are still awaited.
  const settled = Promise.allSettled(pending);
  t.match(await first, [{ claim: 'claimed' }, { claim: 'claimed' }]);
  const [before, bad, after] = await settled;
  t.match(before, { status: 'fulfilled', value: { claim: 'claimed' } });
  t.match(bad, { status: 'rejected' }, 'the request with a user id beyond bigint fails');
  t.match(after, { status: 'fulfilled', value: { claim: 'claimed' } });
  t.match(await queue.claim({ key: aKey(), claimant: 'me', check: null }), { claim: 'claimed' }, 'the queue goes on');
});
