import t from 'tap';
import { insertBroadcast, nextOpenBroadcast, settleExpiredLeases, storeAndClaim, requeueUnknownRecipients } from '../../sql/broadcasts.js';
import { createTestDatabase } from '../helpers/database.js';
import { someBotUsers } from '../helpers/broadcasts.js';

const db = await createTestDatabase();
t.teardown(() => db.close());
const { sql } = db;

const statuses = async (broadcastId: number) =>
  Object.fromEntries(
    (await sql<{ telegramId: number; status: string }[]>`SELECT telegram_id::float8 AS telegram_id, status FROM broadcast_recipients WHERE broadcast_id = ${broadcastId} ORDER BY telegram_id`).map(
      (row) => [row.telegramId, row.status],
    ),
  );
/** As if the sender had been away from the database longer than its lease. */
const leasesRunOut = (broadcastId: number) =>
  sql`UPDATE broadcast_recipients SET lease_expires_at = now() - interval '1 second' WHERE broadcast_id = ${broadcastId} AND status = 'sending'`;

t.test("a sender cut off from the database past its lease still stores what it learned; it never overwrites another's", async (t) => {
  const ids = await someBotUsers(sql, 4, 610_000);
  const broadcast = (await insertBroadcast(sql, { title: 'Outage', content: 'Hi', translations: {}, templateId: null, targetType: 'selected', createdBy: null, telegramIds: ids }, new Date()))!;
  const sender = { owner: 'sender-a', ms: 15_000 };
  const claimed = await storeAndClaim(sql, broadcast.id, sender, [], 3, new Date());
  t.equal(claimed.length, 3, 'three in flight');

  // The database is away for longer than the lease: another sender's sweep settles the three as unknown.
  await leasesRunOut(broadcast.id);
  t.equal(await settleExpiredLeases(sql), 3);
  t.same(Object.values(await statuses(broadcast.id)), ['unknown', 'unknown', 'unknown', 'pending']);

  // Back, the sender stores the answers Telegram gave it meanwhile: two delivered, one refused.
  await storeAndClaim(sql, broadcast.id, { owner: 'sender-b', ms: 15_000 }, [{ telegramId: ids[2]!, status: 'delivered', attempts: 1 }], 0, new Date());
  t.equal((await statuses(broadcast.id))[ids[2]!], 'unknown', "another sender's answer for them is not taken");
  await storeAndClaim(
    sql,
    broadcast.id,
    sender,
    [
      { telegramId: ids[0]!, status: 'delivered', attempts: 1 },
      { telegramId: ids[1]!, status: 'failed', attempts: 1, error: 'Forbidden: bot was blocked by the user', unreachable: true },
    ],
    0,
    new Date(),
  );
  t.same(await statuses(broadcast.id), { [ids[0]!]: 'delivered', [ids[1]!]: 'failed', [ids[2]!]: 'unknown', [ids[3]!]: 'pending' }, 'what it learned is kept, not lost as unknown');

  // Staff send the one still unknown again: its old sender's late answer no longer applies to it.
  t.equal(await requeueUnknownRecipients(sql, broadcast.id), 1);
  await storeAndClaim(sql, broadcast.id, sender, [{ telegramId: ids[2]!, status: 'delivered', attempts: 1 }], 0, new Date());
  t.equal((await statuses(broadcast.id))[ids[2]!], 'pending', 'queued again, it waits for its new send');
});

t.test("a broadcast whose sender died is taken over only once its lease is settled: the dead sender's claim never blocks it", async (t) => {
  // Only this one open: a sender takes the oldest open broadcast.
  await sql`UPDATE broadcasts SET status = 'sent', lease_owner = NULL, lease_expires_at = NULL`;
  const ids = await someBotUsers(sql, 3, 620_000);
  const broadcast = (await insertBroadcast(sql, { title: 'Takeover', content: 'Hi', translations: {}, templateId: null, targetType: 'selected', createdBy: null, telegramIds: ids }, new Date()))!;
  // The dead sender's broadcast lease has run out; its last claim, taken after its last renewal, has not.
  await sql`UPDATE broadcasts SET status = 'sending', lease_owner = 'dead-sender', lease_expires_at = now() - interval '1 second' WHERE id = ${broadcast.id}`;
  await sql`UPDATE broadcast_recipients SET status = 'sending', attempts = 1, lease_owner = 'dead-sender', lease_expires_at = now() + interval '1 hour' WHERE telegram_id = ${ids[0]!}`;
  const next = { owner: 'sender-next', ms: 15_000 };
  // A sender that looks for work between another sweep and its own (the order a sender's loop allows).
  t.equal(await nextOpenBroadcast(sql, next, new Date()), undefined, 'not taken before its lease is settled');
  t.equal(await settleExpiredLeases(sql), 1, "the dead sender's claim is settled with its broadcast");
  t.equal((await statuses(broadcast.id))[ids[0]!], 'unknown');
  t.equal((await nextOpenBroadcast(sql, next, new Date()))?.id, broadcast.id, 'then taken');
});
