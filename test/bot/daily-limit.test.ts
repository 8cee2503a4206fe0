import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, join, lastLog, rendered, texts, withSettings } from '../helpers/bot-fixtures.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 3 });
const PRAGUE = { latitude: 50.08, longitude: 14.42 };
await aContact(h.sql, { name: 'Prague GP', latitude: 50.09, longitude: 14.42, city: 'Prague' });
h.clock.set(new Date('2026-11-21T10:00:00Z'));

const isAnswer = (text: string | undefined) => /<b>1\. Prague GP<\/b>/.test(text ?? '');
const usageOf = (userId: number) => h.sql<{ usageDate: string; used: number }[]>`
  SELECT to_char(usage_date, 'YYYY-MM-DD') AS usage_date, used FROM daily_usage WHERE telegram_id = ${userId} ORDER BY usage_date`;
const totalRequestsOf = async (userId: number) =>
  (await h.sql<{ totalRequests: number }[]>`SELECT total_requests FROM telegram_users WHERE telegram_id = ${userId}`)[0]!.totalRequests;

t.test('the (limit+1)th lookup gets the rate_limit template and looks nothing up', async (t) => {
  const ann = await aMember(h, group.id, { firstName: 'Ann' });
  for (let search = 1; search <= 3; search += 1) {
    const [answer] = texts(await h.locate(ann.id, PRAGUE.latitude, PRAGUE.longitude));
    t.match(answer, rendered('location_result', { count: 1, city: 'Prague, Prague, Czechia', remaining: 3 - search, daily_limit: 3 }));
  }
  const over = texts(await h.locate(ann.id, PRAGUE.latitude, PRAGUE.longitude));
  t.same(over, [rendered('rate_limit', { first_name: 'Ann', searches_left: '0 of 3 searches left today; the next in 14 h' })]);
  t.equal(over[0], '⏳ Sorry, Ann, you have used today’s searches. 0 of 3 searches left today; the next in 14 h.');
  t.match(await lastLog(h.sql, ann.id), { level: 'WARN', message: 'Daily limit reached', resultCount: null, city: 'Prague' });
  t.same(await usageOf(ann.id), [{ usageDate: '2026-11-21', used: 3 }]);
  t.equal(await totalRequestsOf(ann.id), 3);
  t.same(texts(await h.say(ann.id, '/help')), [rendered('help', { searches_left: '0 of 3 searches left today; the next in 14 h' })]);
});

t.test('20 concurrent location requests from one user with limit 3 get exactly 3 answers with results', async (t) => {
  const bea = await aMember(h, group.id, { firstName: 'Bea' });
  const before = h.sim.messages(bea.id).at(-1)?.message_id ?? 0;
  const deliveries = Array.from({ length: 20 }, () => h.sim.sendLocation(bea.id, PRAGUE));
  await Promise.all(deliveries.map((delivery) => h.handled(delivery.update_id)));
  await h.medBot.recorder.flush();
  const replies = texts(h.sim.botMessagesSince(bea.id, before));
  t.equal(replies.length, 20, 'every request answered');
  t.equal(replies.filter(isAnswer).length, 3, 'three with results');
  t.equal(replies.filter((text) => text === rendered('rate_limit', { first_name: 'Bea', searches_left: '0 of 3 searches left today; the next in 14 h' })).length, 17);
  t.same(await usageOf(bea.id), [{ usageDate: '2026-11-21', used: 3 }]);
  t.equal(await totalRequestsOf(bea.id), 3);
  const levels = await h.sql`SELECT level, count(*)::int AS n FROM bot_logs WHERE user_id = ${bea.id} AND command = 'location' GROUP BY level ORDER BY level`;
  t.same(levels.map((row) => [row.level, row.n]), [['INFO', 3], ['WARN', 17]]);
});

t.test('the limit is the largest dailyLimit among the user\'s groups', async (t) => {
  const roomy = await anAuthorizedGroup(h, { dailyLimit: 5 });
  const small = await anAuthorizedGroup(h, { dailyLimit: 2 });
  const cat = await aMember(h, small.id, { firstName: 'Cat' });
  await join(h, roomy.id, cat.id);
  const replies: (string | undefined)[] = [];
  for (let search = 1; search <= 6; search += 1) replies.push(...texts(await h.locate(cat.id, PRAGUE.latitude, PRAGUE.longitude)));
  t.same(replies.map(isAnswer), [true, true, true, true, true, false]);
  t.equal(replies[5], rendered('rate_limit', { first_name: 'Cat', searches_left: '0 of 5 searches left today; the next in 14 h' }));
});

t.test('the count resets at midnight in the configured time zone', async (t) => {
  await withSettings(t, h.sql, { timeZone: 'Europe/Berlin' });
  // 23:30 in Berlin, 22:30 UTC.
  h.clock.set(new Date('2026-11-22T22:30:00Z'));
  const dan = await aMember(h, group.id, { firstName: 'Dan' });
  for (let search = 1; search <= 3; search += 1) t.ok(isAnswer(texts(await h.locate(dan.id, PRAGUE.latitude, PRAGUE.longitude))[0]));
  t.same(texts(await h.locate(dan.id, PRAGUE.latitude, PRAGUE.longitude)), [rendered('rate_limit', { first_name: 'Dan', searches_left: '0 of 3 searches left today; the next in 30 min' })]);

  h.clock.advance(29 * 60_000); // 23:59 Berlin
  t.same(texts(await h.locate(dan.id, PRAGUE.latitude, PRAGUE.longitude)), [rendered('rate_limit', { first_name: 'Dan', searches_left: '0 of 3 searches left today; the next in 1 min' })]);
  h.clock.advance(2 * 60_000); // 00:01 Berlin, still 23:01 on the same UTC day
  const [answer] = texts(await h.locate(dan.id, PRAGUE.latitude, PRAGUE.longitude));
  t.match(answer, rendered('location_result', { count: 1, city: 'Prague, Prague, Czechia', remaining: 2, daily_limit: 3 }));
  t.same(await usageOf(dan.id), [{ usageDate: '2026-11-22', used: 3 }, { usageDate: '2026-11-23', used: 1 }]);
  t.equal(await totalRequestsOf(dan.id), 4);
});
