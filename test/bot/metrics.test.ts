import t from 'tap';
import { createBroadcastSender } from '../../bot/broadcasts/broadcast-sender.js';
import { REFUSALS } from '../../bot/replies/default-templates.js';
import { insertBroadcast } from '../../sql/broadcasts.js';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, aUser, refusal, texts } from '../helpers/bot-fixtures.js';
import { someBotUsers, untilFinished } from '../helpers/broadcasts.js';
import { sample, someMetrics } from '../helpers/metrics.js';

const metrics = someMetrics();
const h = await createBotHarness(t, { metrics });
const group = await anAuthorizedGroup(h);
const LONDON = { latitude: 51.5074, longitude: -0.1278 };

/** The counters of each update outcome and the count of answer times, as a scrape reads them now. */
async function counts() {
  const outcome = async (name: string) => (await sample(metrics, `medcontacts_bot_updates_total{outcome="${name}"}`)) ?? 0;
  return {
    answered: await outcome('answered'),
    refused: await outcome('refused'),
    failed: await outcome('failed'),
    dropped: await outcome('dropped'),
    answerTimes: (await sample(metrics, 'medcontacts_bot_answer_seconds_count')) ?? 0,
  };
}

t.test('a location answered, a location refused and group talk left alone each count once, by outcome', async (t) => {
  await aContact(h.sql, { name: 'London GP', ...LONDON });
  const member = await aMember(h, group.id);
  const stranger = aUser(h);

  let before = await counts();
  t.equal(texts(await h.locate(member.id, LONDON.latitude, LONDON.longitude)).length, 1);
  t.same(await counts(), { ...before, answered: before.answered + 1, answerTimes: before.answerTimes + 1 }, 'answered, with its answer time');

  before = await counts();
  t.same(texts(await h.locate(stranger.id, LONDON.latitude, LONDON.longitude)), [refusal(REFUSALS.accessDenied)]);
  t.same(await counts(), { ...before, refused: before.refused + 1, answerTimes: before.answerTimes + 1 }, 'refused: the refusal is an answer sent too');

  before = await counts();
  t.same(texts(await h.say(member.id, 'good morning everyone', group.id)), []);
  t.same(await counts(), { ...before, dropped: before.dropped + 1 }, 'dropped: nothing sent, no answer time');
});

t.test('an update whose answer fails counts as failed', async (t) => {
  const member = await aMember(h, group.id);
  h.sim.failNext('sendMessage', { error_code: 400, description: 'Bad Request: message is too long' }, 2);
  const before = await counts();
  const delivery = h.sim.sendLocation(member.id, LONDON);
  await h.handled(delivery.update_id);
  t.same(await counts(), { ...before, failed: before.failed + 1 }, 'neither the answer nor the error message went out');
});

t.test('each broadcast recipient counts once by status', async (t) => {
  const [reached, blocked] = await someBotUsers(h.sql, 2, 700_000, h.sim);
  h.sim.blockBot(blocked!);
  const status = async (name: string) => (await sample(metrics, `medcontacts_broadcast_messages_total{status="${name}"}`)) ?? 0;
  t.equal(await status('delivered'), 0);
  t.equal(await status('failed'), 0);
  const broadcast = await insertBroadcast(
    h.sql,
    { title: 'News', content: 'Hello', templateId: null, targetType: 'selected', createdBy: null, telegramIds: [reached!, blocked!] },
    new Date(),
  );
  const sender = createBroadcastSender({ sql: h.sql, api: h.medBot.api, testApi: h.medBot.retryingApi, ratePerSecond: 30, metrics });
  await sender.start();
  t.teardown(() => sender.stop());
  sender.wake();
  t.equal(await untilFinished(h.sql, broadcast!.id), 'sent');
  t.equal(await status('delivered'), 1);
  t.equal(await status('failed'), 1);
});
