import t from 'tap';
import { createBroadcastSender } from '../../bot/broadcasts/broadcast-sender.js';
import { addDailyUsage } from '../../sql/daily-usage.js';
import { insertBroadcast } from '../../sql/broadcasts.js';
import { createBotHarness } from '../helpers/bot.js';
import { untilFinished } from '../helpers/broadcasts.js';
import { realTimersDatedBy } from '../helpers/clock.js';

const h = await createBotHarness(t);
// 19:29 in UTC, the settings' zone: the searches come back at midnight, 4 h 31 min away.
h.clock.set(new Date('2026-11-21T19:29:00Z'));

/** Bot users as the bot knows them, each with searches used today (the default daily limit is 3). */
const PEOPLE = [
  { id: 900_001, firstName: 'Ann', username: 'ann', languageCode: 'en', used: 1 },
  { id: 900_002, firstName: 'Ben', username: 'ben', languageCode: 'en', used: 3 },
  { id: 900_003, firstName: 'Олена', username: 'olena', languageCode: 'uk', used: 0 },
  { id: 900_004, firstName: 'Тарас', username: 'taras', languageCode: 'uk', used: 3 },
  { id: 900_005, firstName: 'Jonas', username: 'jonas', languageCode: 'de', used: 2 },
  { id: 900_006, firstName: 'Lena', username: 'lena', languageCode: 'de', used: 3 },
  // In an authorized group that allows 5 a day; and a whitelisted admin, who has no limit.
  { id: 900_007, firstName: 'Gus', username: 'gus', languageCode: 'en', used: 1 },
  { id: 900_008, firstName: 'Root', username: 'root', languageCode: 'en', used: 0 },
];
for (const person of PEOPLE) {
  await h.sql`INSERT INTO telegram_users (telegram_id, first_name, username, language_code) VALUES (${person.id}, ${person.firstName}, ${person.username}, ${person.languageCode})`;
  h.sim.upsertUser({ id: person.id, first_name: person.firstName, username: person.username, language_code: person.languageCode });
}
await addDailyUsage(h.sql, PEOPLE.map((person) => ({ telegramId: person.id, day: '2026-11-21', used: person.used })));
await h.sql`INSERT INTO authorized_groups (group_id, group_name, daily_limit) VALUES (-900, 'Roomy', 5)`;
await h.sql`INSERT INTO user_memberships (telegram_id, group_id, membership_status, last_verified, is_active) VALUES (900007, -900, 'member', now(), true)`;
await h.sql`INSERT INTO admin_whitelist (telegram_id, first_name) VALUES (900008, 'Root')`;

const received = (id: number) => h.sim.messages(id).filter((message) => message.from.id !== id).map((message) => message.text);

t.test('a broadcast fills every placeholder the bot knows for each recipient, in the language of the text they get', async (t) => {
  const broadcast = await insertBroadcast(
    h.sql,
    {
      title: 'Your searches',
      content: 'Hello {first_name} (@{username})!\nYou have {remaining} of {daily_limit} searches left, all back in {reset_time}.\n{searches_left}.',
      translations: { uk: 'Вітаю, {first_name}!\n{searches_left}.', de: 'Hallo {first_name}!\n{searches_left}.' },
      templateId: null,
      targetType: 'selected',
      createdBy: null,
      telegramIds: PEOPLE.map((person) => person.id),
    },
    h.clock.now(),
  );
  const sender = createBroadcastSender({ sql: h.sql, api: h.medBot.api, testApi: h.medBot.retryingApi, ratePerSecond: 1000, clock: realTimersDatedBy(h.clock) });
  await sender.start();
  t.teardown(() => sender.stop());
  sender.wake();
  t.equal(await untilFinished(h.sql, broadcast!.id), 'sent');

  t.same(received(900_001), ['Hello Ann (@ann)!\nYou have 2 of 3 searches left, all back in 4 h 31 min.\n2 of 3 searches left today.']);
  t.same(received(900_002), ['Hello Ben (@ben)!\nYou have 0 of 3 searches left, all back in 4 h 31 min.\n0 of 3 searches left today; the next in 4 h 31 min.']);
  t.same(received(900_003), ['Вітаю, Олена!\nУ вас 3 пошуки з 3 на сьогодні.']);
  t.same(received(900_004), ['Вітаю, Тарас!\nУ вас 0 пошуків з 3 на сьогодні; наступний — через 4 години і 31 хвилину.']);
  t.same(received(900_005), ['Hallo Jonas!\n1 von 3 Suchen heute übrig.']);
  t.same(received(900_006), ['Hallo Lena!\n0 von 3 Suchen heute übrig; die nächste in 4 Stunden und 31 Minuten.']);
  t.same(received(900_007), ['Hello Gus (@gus)!\nYou have 4 of 5 searches left, all back in 4 h 31 min.\n4 of 5 searches left today.'], 'the limit of their group');
  t.same(received(900_008), ['Hello Root (@root)!'], 'no limit: the lines about one are left out, as in the bot\'s replies');
});

t.test('a test message is filled for its user, in the language of the text sent', async (t) => {
  const sender = createBroadcastSender({ sql: h.sql, api: h.medBot.api, testApi: h.medBot.retryingApi, clock: realTimersDatedBy(h.clock) });
  t.match(await sender.sendTest(900_004, 'Вітаю, {first_name}! {searches_left}.', 'uk'), { ok: true });
  t.equal(received(900_004).at(-1), 'Вітаю, Тарас! У вас 0 пошуків з 3 на сьогодні; наступний — через 4 години і 31 хвилину.');
  t.match(await sender.sendTest(900_004, 'Hi {first_name}: {remaining} left, back in {reset_time}.'), { ok: true });
  t.equal(received(900_004).at(-1), 'Hi Тарас: 0 left, back in 4 h 31 min.', 'the content is the default language\'s, and so are its values');
});
