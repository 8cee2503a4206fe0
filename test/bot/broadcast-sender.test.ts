import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { createTestClock } from '../helpers/clock.js';
import { busiestWindow, someBotUsers, untilFinished } from '../helpers/broadcasts.js';
import { createBroadcastSender } from '../../bot/broadcasts/broadcast-sender.js';
import { cancelBroadcast, findBroadcast, insertBroadcast, requeueUnknownRecipients, retryFailedRecipients } from '../../sql/broadcasts.js';

const RATE = 30;

t.test('200 recipients, some blocked or deactivated, a 429 burst: each reachable user gets exactly one message, never above the rate', async (t) => {
  const h = await createBotHarness(t);
  const ids = await someBotUsers(h.sql, 200, 500_000, h.sim);
  const blocked = ids.filter((_, index) => index % 25 === 3);
  const deactivated = [ids[7]!, ids[150]!];
  const refused = new Set([...blocked, ...deactivated]);
  // Placeholders are filled per recipient and escaped.
  await h.sql`UPDATE telegram_users SET first_name = 'Tom & <Jerry>' WHERE telegram_id = ${ids[0]!}`;
  h.sim.setRateLimit(RATE);
  // A burst of 429s from another of Telegram's limits, and one server error that is retried.
  h.sim.failNext('sendMessage', { error_code: 429, description: 'Too Many Requests: retry after 1', parameters: { retry_after: 1 } }, 3);
  const before = h.sim.stats().sendMessageTimestamps.length;

  const broadcast = await insertBroadcast(
    h.sql,
    { title: 'Clinic hours', content: 'Hello <b>{first_name}</b> &amp; friends', templateId: null, targetType: 'all', createdBy: null, telegramIds: null },
    new Date(),
  );
  // Recipients are fixed when the broadcast is queued; these users block the bot or leave Telegram
  // afterwards (before, the bot may already have seen them go and left them out), so each answers 403.
  for (const id of blocked) h.sim.blockBot(id);
  for (const id of deactivated) h.sim.deactivateUser(id);
  // The sender waits on the clock that runs the simulator's flood window, moved below while it waits.
  const sender = createBroadcastSender({ sql: h.sql, api: h.medBot.api, testApi: h.medBot.retryingApi, ratePerSecond: RATE, backoffMs: 50, clock: h.clock });
  await sender.start();
  t.teardown(() => sender.stop());
  sender.wake();
  // What a crash could leave in doubt: the recipients claimed at any moment, never more than in flight (3).
  let mostClaimed = 0;
  let watching = true;
  const drive = (async () => {
    while (watching) {
      const [claimed] = await h.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM broadcast_recipients WHERE status = 'sending'`;
      mostClaimed = Math.max(mostClaimed, claimed!.n);
      // Beside the lease renewal's timer, a request waits on the clock (the rate, a retry_after, a back-off): its time comes.
      if (h.clock.pendingTimers() >= 2) h.clock.advanceToNextTimer();
    }
  })();
  t.equal(await untilFinished(h.sql, broadcast!.id), 'sent');
  watching = false;
  await drive;
  t.ok(mostClaimed > 0 && mostClaimed <= 3, `at most 3 recipients claimed at once (${mostClaimed})`);
  await sender.stop();

  for (const id of ids) {
    const got = h.sim.messages(id).filter((message) => message.from.id !== id);
    t.equal(got.length, refused.has(id) ? 0 : 1, `user ${id}`);
    const name = id === ids[0] ? 'Tom &amp; &lt;Jerry&gt;' : `Ann ${id}`;
    if (!refused.has(id)) t.equal(got[0]!.text, `Hello <b>${name}</b> &amp; friends`);
  }
  const [row] = await h.sql`SELECT status, success_count, failure_count, total_recipients FROM broadcasts WHERE id = ${broadcast!.id}`;
  t.same(row, { status: 'sent', successCount: 200 - refused.size, failureCount: refused.size, totalRecipients: 200 });
  const [leases] = await h.sql`SELECT count(*)::int AS n FROM broadcast_recipients WHERE lease_owner IS NOT NULL`;
  t.equal(leases!.n, 0, 'every claim was let go with its answer');
  const inactive = await h.sql<{ telegramId: number }[]>`SELECT telegram_id FROM telegram_users WHERE NOT is_active ORDER BY telegram_id`;
  t.same(inactive.map((user) => Number(user.telegramId)), [...refused].sort((a, b) => a - b));
  const failed = await h.sql<{ error: string }[]>`SELECT error FROM broadcast_recipients WHERE status = 'failed'`;
  t.ok(failed.every((recipient) => /blocked by the user|deactivated/.test(recipient.error)));
  const [notification] = await h.sql`SELECT type, title FROM notifications ORDER BY id DESC LIMIT 1`;
  t.match(notification, { title: 'Broadcast sent: Clinic hours' });

  const stamps = h.sim.stats().sendMessageTimestamps.slice(before);
  t.equal(stamps.length, 200 - refused.size);
  t.ok(busiestWindow(stamps) <= RATE, `busiest one-second window ${busiestWindow(stamps)} ≤ ${RATE}`);

  // Retrying failed recipients skips the blocked and deactivated ones.
  t.equal(await retryFailedRecipients(h.sql, broadcast!.id), 0);
});

t.test('other errors are retried with back-off up to the bound, then fail with Telegram\'s reason; cancel stops pending ones', async (t) => {
  const h = await createBotHarness(t);
  const [flaky, broken] = await someBotUsers(h.sql, 2, 600_000, h.sim);
  const broadcast = await insertBroadcast(
    h.sql,
    { title: 'T', content: 'x', templateId: null, targetType: 'selected', createdBy: null, telegramIds: [flaky!, broken!] },
    new Date(),
  );
  // flaky (first in order) fails once and then gets through; broken fails 3 times.
  h.sim.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' }, 1);
  const sender = createBroadcastSender({ sql: h.sql, api: h.medBot.api, testApi: h.medBot.retryingApi, ratePerSecond: 1000, maxInFlight: 1, backoffMs: 10 });
  await sender.start();
  t.teardown(() => sender.stop());
  t.equal(await untilFinished(h.sql, broadcast!.id), 'sent');
  const rows = await h.sql`SELECT telegram_id::int, status, attempts, error FROM broadcast_recipients ORDER BY telegram_id`;
  t.same(rows, [
    { telegramId: flaky, status: 'delivered', attempts: 2, error: null },
    { telegramId: broken, status: 'delivered', attempts: 1, error: null },
  ]);

  h.sim.failNext('sendMessage', { error_code: 500, description: 'Internal Server Error: try later' }, 3);
  const second = await insertBroadcast(
    h.sql,
    { title: 'T2', content: 'y', templateId: null, targetType: 'selected', createdBy: null, telegramIds: [broken!] },
    new Date(),
  );
  sender.wake();
  t.equal(await untilFinished(h.sql, second!.id), 'failed');
  const [failed] = await h.sql`SELECT status, attempts, error FROM broadcast_recipients WHERE broadcast_id = ${second!.id}`;
  t.same(failed, { status: 'failed', attempts: 3, error: 'Internal Server Error: try later' });
  // The first broadcast's notification may be written after this one's: pick this broadcast's.
  const [notification] = await h.sql`SELECT type, title FROM notifications WHERE title LIKE '%: T2' ORDER BY id DESC LIMIT 1`;
  t.same(notification, { type: 'critical', title: 'Broadcast failed: T2' });
  // ...and retry-failed puts it back, and it now gets through.
  t.equal(await retryFailedRecipients(h.sql, second!.id), 1);
  sender.wake();
  t.equal(await untilFinished(h.sql, second!.id), 'sent');
  await sender.stop();

  const third = await insertBroadcast(
    h.sql,
    { title: 'T3', content: 'z', templateId: null, targetType: 'all', createdBy: null, telegramIds: null },
    new Date(),
  );
  t.equal(await cancelBroadcast(h.sql, third!.id, new Date()), true);
  const [cancelled] = await h.sql`SELECT status, failure_count FROM broadcasts WHERE id = ${third!.id}`;
  t.same(cancelled, { status: 'cancelled', failureCount: 2 });
  t.equal(await cancelBroadcast(h.sql, third!.id, new Date()), false);
});

t.test('a recipient a dead sender left in flight becomes unknown once its lease runs out, never resent; the rest resume', async (t) => {
  const h = await createBotHarness(t);
  const ids = await someBotUsers(h.sql, 5, 700_000, h.sim);
  const broadcast = await insertBroadcast(
    h.sql,
    { title: 'R', content: 'hi', templateId: null, targetType: 'all', createdBy: null, telegramIds: null },
    new Date(),
  );
  // A sender that died mid-way: one delivery stored, one request in flight. Its lease on the broadcast still
  // holds; the claim on the recipient would last longer (taken after its last renewal), but dies with it.
  await h.sql`
    UPDATE broadcasts SET status = 'sending', success_count = 1, lease_owner = 'dead-sender', lease_expires_at = now() + interval '1 hour'
    WHERE id = ${broadcast!.id}`;
  await h.sql`
    UPDATE broadcast_recipients SET status = 'sending', attempts = 1, lease_owner = 'dead-sender', lease_expires_at = now() + interval '1 hour'
    WHERE telegram_id = ${ids[0]!}`;
  await h.sql`UPDATE broadcast_recipients SET status = 'delivered', attempts = 1 WHERE telegram_id = ${ids[1]!}`;
  const clock = createTestClock();
  const sender = createBroadcastSender({ sql: h.sql, api: h.medBot.api, testApi: h.medBot.retryingApi, ratePerSecond: 100, pollMs: 50, clock });
  await sender.start();
  t.teardown(() => sender.stop());
  // Its lease renewal and its idle poll: it looked at the queue, found nothing it may take, and waits.
  await clock.untilTimers(2);
  clock.advance(50);
  await clock.untilTimers(2);
  t.equal(h.sim.messages(ids[2]!).length, 0, "nothing is sent while the dead sender's lease holds");
  t.equal((await findBroadcast(h.sql, broadcast!.id))!.status, 'sending');
  // Leases are kept by the database's clock: the dead sender's runs out there; the next poll takes the broadcast over.
  await h.sql`UPDATE broadcasts SET lease_expires_at = now() - interval '1 millisecond' WHERE id = ${broadcast!.id}`;
  clock.advance(50);
  t.equal(await untilFinished(h.sql, broadcast!.id), 'sent', 'resumed by itself once the lease ran out');
  const rows = await h.sql`SELECT telegram_id::int, status, error FROM broadcast_recipients ORDER BY telegram_id`;
  t.same(rows.map((row) => row.status), ['unknown', 'delivered', 'delivered', 'delivered', 'delivered']);
  t.equal(h.sim.messages(ids[0]!).length, 0, 'the one in doubt was not resent');
  t.equal(h.sim.messages(ids[1]!).length, 0);
  const [row] = await h.sql`SELECT success_count, failure_count, unknown_count FROM broadcasts WHERE id = ${broadcast!.id}`;
  t.same(row, { successCount: 4, failureCount: 0, unknownCount: 1 });
  const [notification] = await h.sql`SELECT type, message FROM notifications ORDER BY id DESC LIMIT 1`;
  t.same(notification, { type: 'warning', message: '4 of 5 delivered, 0 failed, 1 unknown (in flight when the sender stopped)' });
  // An unknown send is no failure: retry-failed leaves it alone; staff may send to it, accepting a possible duplicate.
  t.equal(await retryFailedRecipients(h.sql, broadcast!.id), 0);
  t.equal(await requeueUnknownRecipients(h.sql, broadcast!.id), 1);
  sender.wake();
  t.equal(await untilFinished(h.sql, broadcast!.id), 'sent');
  t.equal(h.sim.messages(ids[0]!).length, 1, 'sent to the unknown one, once');
  const [after] = await h.sql`SELECT success_count, failure_count, unknown_count FROM broadcasts WHERE id = ${broadcast!.id}`;
  t.same(after, { successCount: 5, failureCount: 0, unknownCount: 0 });
  t.equal(await requeueUnknownRecipients(h.sql, broadcast!.id), 0);
});

t.test('a sender that stops lets go of its broadcast: the rest stay pending, and another sender resumes at once', async (t) => {
  const h = await createBotHarness(t);
  const ids = await someBotUsers(h.sql, 40, 710_000, h.sim);
  const broadcast = await insertBroadcast(
    h.sql,
    { title: 'S', content: 'hi', templateId: null, targetType: 'all', createdBy: null, telegramIds: null },
    new Date(),
  );
  const clock = createTestClock();
  const first = createBroadcastSender({ sql: h.sql, api: h.medBot.api, testApi: h.medBot.retryingApi, ratePerSecond: 20, clock });
  await first.start();
  // Its lease renewal, and its 3 requests in flight waiting for the rate's next window: the first 20 are sent.
  await clock.untilTimers(4);
  const stopping = first.stop();
  clock.advance(1025);
  await stopping;
  const [stopped] = await h.sql`
    SELECT b.lease_owner, count(*) FILTER (WHERE r.status = 'sending')::int AS claimed, count(*) FILTER (WHERE r.status = 'pending')::int AS pending
    FROM broadcasts b JOIN broadcast_recipients r ON r.broadcast_id = b.id WHERE b.id = ${broadcast!.id} GROUP BY b.lease_owner`;
  t.same(stopped, { leaseOwner: null, claimed: 0, pending: 20 }, 'no claim is left behind; the 20 not sent are pending');
  const second = createBroadcastSender({ sql: h.sql, api: h.medBot.api, testApi: h.medBot.retryingApi, ratePerSecond: 1000 });
  await second.start();
  t.teardown(() => second.stop());
  t.equal(await untilFinished(h.sql, broadcast!.id, 5000), 'sent');
  for (const id of ids) t.equal(h.sim.messages(id).filter((message) => message.from.id !== id).length, 1, `user ${id} got it once`);
});

t.test('a test message is rendered for its user and sent now; a refusal is reported', async (t) => {
  const h = await createBotHarness(t);
  const [id, blocked] = await someBotUsers(h.sql, 2, 12, h.sim);
  h.sim.blockBot(blocked!);
  const sender = createBroadcastSender({ sql: h.sql, api: h.medBot.api, testApi: h.medBot.retryingApi });
  const sent = await sender.sendTest(id!, 'Hi {first_name}');
  t.match(sent, { ok: true, messageId: Number });
  t.equal(h.sim.messages(id!).at(-1)!.text, 'Hi Ann 12');
  t.same(await sender.sendTest(blocked!, 'Hi'), { ok: false, error: 'Forbidden: bot was blocked by the user' });
  // Telegram's flood control refuses it once: sent again after the wait it asks for (none here), once.
  h.sim.failNext('sendMessage', { error_code: 429, description: 'Too Many Requests: retry after 0', parameters: { retry_after: 0 } });
  const before = h.sim.messages(id!).length;
  t.match(await sender.sendTest(id!, 'Again {first_name}'), { ok: true, messageId: Number });
  t.strictSame(h.sim.messages(id!).slice(before).map((message) => message.text), ['Again Ann 12']);
});
