import t from 'tap';
import type { Update } from 'grammy/types';
import { updateFingerprint } from '../../bot/updates/update-guard.js';
import { deleteProcessedUpdatesBefore } from '../../sql/processed-updates.js';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, logsOf, texts } from '../helpers/bot-fixtures.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 5 });
const PRAGUE = { latitude: 50.08, longitude: 14.42 };
await aContact(h.sql, { name: 'Prague GP', latitude: 50.09, longitude: 14.42, city: 'Prague' });
const BOT_ID = h.sim.botInfo.id;

// Ids far above the simulator's own numbering, which counts from 1.
let nextUpdateId = 7_000_000;
let nextMessageId = 900_000;
/** A location from the user, as Telegram delivers it (again, when it redelivers). */
function aLocationUpdate(user: { id: number; first_name: string }, updateId = (nextUpdateId += 1)): Update {
  return {
    update_id: updateId,
    message: {
      message_id: (nextMessageId += 1),
      date: Math.floor(Date.now() / 1000),
      chat: { id: user.id, type: 'private', first_name: user.first_name },
      from: { id: user.id, is_bot: false, first_name: user.first_name },
      location: PRAGUE,
    },
  };
}

const repliesSince = (userId: number, before: number) => texts(h.sim.botMessagesSince(userId, before));
const lastMessageId = (userId: number) => h.sim.messages(userId).at(-1)?.message_id ?? 0;
const usageOf = async (userId: number) => (await h.sql<{ used: number }[]>`SELECT used FROM daily_usage WHERE telegram_id = ${userId}`)[0]?.used ?? 0;
const totalRequestsOf = async (userId: number) =>
  (await h.sql<{ totalRequests: number }[]>`SELECT total_requests FROM telegram_users WHERE telegram_id = ${userId}`)[0]!.totalRequests;

t.test('an update delivered twice, one after the other, is answered, logged and charged once', async (t) => {
  const ann = await aMember(h, group.id, { firstName: 'Ann' });
  const before = lastMessageId(ann.id);
  const update = aLocationUpdate(ann);
  await h.medBot.handleUpdate(update);
  await h.medBot.handleUpdate(structuredClone(update));
  await h.medBot.recorder.flush();
  t.equal(repliesSince(ann.id, before).length, 1, 'one answer');
  t.equal((await logsOf(h.sql, update.update_id)).length, 1, 'one log row');
  t.equal(await usageOf(ann.id), 1, 'one daily request used');
  t.equal(await totalRequestsOf(ann.id), 1, 'one request counted');
});

t.test('an update delivered twice at once is answered once: the second waits for the first', async (t) => {
  const bo = await aMember(h, group.id, { firstName: 'Bo' });
  const before = lastMessageId(bo.id);
  const update = aLocationUpdate(bo);
  await Promise.all([h.medBot.handleUpdate(update), h.medBot.handleUpdate(structuredClone(update))]);
  await h.medBot.recorder.flush();
  t.equal(repliesSince(bo.id, before).length, 1);
  t.equal((await logsOf(h.sql, update.update_id)).length, 1);
  t.equal(await usageOf(bo.id), 1);
});

t.test('an id that comes back with another update (the numbering restarted) is a new update', async (t) => {
  const cy = await aMember(h, group.id, { firstName: 'Cy' });
  const before = lastMessageId(cy.id);
  const first = aLocationUpdate(cy);
  await h.medBot.handleUpdate(first);
  await h.medBot.handleUpdate(aLocationUpdate(cy, first.update_id));
  await h.medBot.recorder.flush();
  t.equal(repliesSince(cy.id, before).length, 2);
  t.equal(await usageOf(cy.id), 2);
});

t.test('a claim left unanswered by a process that died is taken over when the update comes again', async (t) => {
  const di = await aMember(h, group.id, { firstName: 'Di' });
  const update = aLocationUpdate(di);
  await h.sql`
    INSERT INTO processed_updates (bot_id, update_id, fingerprint, claimed_at)
    VALUES (${BOT_ID}, ${update.update_id}, ${updateFingerprint(update)}, now() - interval '10 minutes')`;
  const before = lastMessageId(di.id);
  await h.medBot.handleUpdate(update);
  await h.medBot.recorder.flush();
  t.equal(repliesSince(di.id, before).length, 1);
  t.equal((await logsOf(h.sql, update.update_id)).length, 1);
  const [claim] = await h.sql<{ answered: boolean }[]>`
    SELECT answered_at IS NOT NULL AS answered FROM processed_updates WHERE bot_id = ${BOT_ID} AND update_id = ${update.update_id}`;
  t.same(claim, { answered: true });
});

t.test('updates the simulator delivers by long polling are claimed and recorded as answered', async (t) => {
  const eve = await aMember(h, group.id, { firstName: 'Eve' });
  const delivery = h.sim.sendText(eve.id, '/help');
  await h.handled(delivery.update_id);
  const [claim] = await h.sql<{ answered: boolean }[]>`
    SELECT answered_at IS NOT NULL AS answered FROM processed_updates WHERE bot_id = ${BOT_ID} AND update_id = ${delivery.update_id}`;
  t.same(claim, { answered: true });
});

t.test('claims older than a day are cleaned up', async (t) => {
  await h.sql`
    INSERT INTO processed_updates (bot_id, update_id, fingerprint, claimed_at, answered_at)
    VALUES (${BOT_ID}, ${6_999_999}, 'old', now() - interval '25 hours', now() - interval '25 hours')`;
  await deleteProcessedUpdatesBefore(h.sql, new Date(Date.now() - 24 * 60 * 60 * 1000));
  const [counts] = await h.sql<{ old: number; recent: number }[]>`
    SELECT count(*) FILTER (WHERE claimed_at < now() - interval '1 day')::int AS old,
      count(*) FILTER (WHERE claimed_at >= now() - interval '1 day')::int AS recent
    FROM processed_updates`;
  t.equal(counts!.old, 0);
  t.ok(counts!.recent > 0, 'recent claims stay');
});
