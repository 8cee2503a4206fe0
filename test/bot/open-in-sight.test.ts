import t from 'tap';
import type { ChatMessage } from '../../bot/simulator/index.js';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, lastLog, namesIn } from '../helpers/bot-fixtures.js';

// London centre on a Saturday evening, as the demo data has it: five Master of Medicine contacts,
// closed at weekends, fill the first page; a 24/7 GP is nearer, but not a Master of Medicine.
const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 50 });
const LONDON = { latitude: 51.5074, longitude: -0.1278 };
/** 0.01 degree of latitude is 1.113 km on the sphere earthdistance uses. */
const north = (degrees: number) => ({ latitude: LONDON.latitude + degrees, longitude: LONDON.longitude, city: 'London' });
const SATURDAY_EVENING = new Date('2026-11-28T20:30:00Z');
const MONDAY_MORNING = new Date('2026-11-30T10:00:00Z');

const MASTERS = [['Brown and Partners Surgery', 0.01], ['Roberts Medical Practice', 0.0126], ['Dr James Evans', 0.0216], ['Walker and Partners Surgery', 0.0243], ['Khan and Partners Surgery', 0.026]] as const;
for (const [name, degrees] of MASTERS) {
  await aContact(h.sql, { name, ...north(degrees), isMasterOfMedicine: true, availableHours: 'Mo-Fr 09:00-17:00', phone: '+44 20 7946 0001' });
}
await aContact(h.sql, { name: 'Closed GP', ...north(-0.0045), availableHours: 'Mo-Fr 08:00-18:00' });
const open = await aContact(h.sql, { name: 'Soho 24/7 GP', ...north(-0.00751), availableHours: '24/7', phone: '+44 20 7946 0836' });
await aContact(h.sql, { name: 'Farther 24/7 GP', ...north(-0.02), availableHours: '24/7' });

const ROUTE = 'https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&amp;route=51.5074%2C-0.1278%3B51.49989%2C-0.1278';
const sections = (message: ChatMessage | undefined) => (message?.text ?? '').split('\n\n');
const labels = (message: ChatMessage | undefined) => (h.sim.messages(message!.chat_id).find((candidate) => candidate.message_id === message!.message_id)?.reply_markup?.inline_keyboard ?? []).map((row) => row.map((button) => button.text));

t.test('at night the first page of closed contacts also shows the nearest open one, after the Masters of Medicine, saying why', async (t) => {
  h.clock.set(SATURDAY_EVENING);
  const cases = [
    ['en', '🟢 <b>Open now, 836 m</b>', '🟢 Open 24/7', 'Route', '🔴 Closed · opens Mon 09:00', '📍 6 · Soho 24/7 GP', '🚑 In an emergency call 999.', '⚠ Not checked yet'],
    ['uk', '🟢 <b>Відчинено зараз, 836 м</b>', '🟢 Цілодобово', 'Маршрут', '🔴 Зачинено · відчиняється пн 09:00', '📍 6 · Soho 24/7 GP', '🚑 У разі невідкладної ситуації телефонуйте 999.', '⚠ Ще не перевірено'],
    ['de', '🟢 <b>Jetzt geöffnet, 836 m</b>', '🟢 Rund um die Uhr geöffnet', 'Route', '🔴 Geschlossen · öffnet Mo 09:00', '📍 6 · Soho 24/7 GP', '🚑 Im Notfall rufen Sie 999 an.', '⚠ Noch nicht geprüft'],
  ] as const;
  for (const [languageCode, why, always, route, closed, venue, emergency, unchecked] of cases) {
    const user = await aMember(h, group.id, { languageCode });
    const [answer, ...more] = await h.locate(user.id, LONDON.latitude, LONDON.longitude);
    t.same(more, [], `${languageCode}: one message`);
    t.same(namesIn(answer!.text), [...MASTERS.map(([name]) => name), 'Soho 24/7 GP'], 'the Masters of Medicine first, then the open one');
    t.equal(sections(answer)[2]!.split('\n')[1], closed, 'each card leads with its state');
    t.equal(
      sections(answer).at(-2),
      `${why}\n<b>6. Soho 24/7 GP</b> · ${languageCode === 'en' ? 'General Practice' : languageCode === 'uk' ? 'Сімейна медицина' : 'Allgemeinmedizin'}\n${always}\n📞 +44 20 7946 0836 · 🧭 <a href="${ROUTE}">${route}</a>\n📏 ${languageCode === 'uk' ? '836 м · London · 🗣 англійська' : `836 m · London · 🗣 ${languageCode === 'de' ? 'Englisch' : '✅ English'}`}\n${unchecked}`,
      'the open one after the page',
    );
    t.equal(sections(answer).at(-1), emergency, 'and the emergency number last');
    t.match(await lastLog(h.sql, user.id), { level: 'INFO', resultCount: 6, metadata: { openInSight: open.id } });
    const keyboard = labels(answer);
    t.ok(keyboard.length <= 5, 'five rows at most');
    const map = answer!.reply_markup!.inline_keyboard[0]![0]! as { callback_data: string };
    await h.press(user.id, user.id, answer!.message_id, map.callback_data);
    t.equal(labels(answer).at(-2)![0], venue, 'the map offers it with the rest');
  }
});

t.test('More results goes on after the page of closed ones, not after the open one shown with it', async (t) => {
  h.clock.set(SATURDAY_EVENING);
  const user = await aMember(h, group.id);
  const [answer] = await h.locate(user.id, LONDON.latitude, LONDON.longitude);
  const more = answer!.reply_markup!.inline_keyboard.flat().find((button) => button.text === '➡️ More results') as { callback_data: string };
  const [next] = await h.press(user.id, user.id, answer!.message_id, more.callback_data);
  t.same(namesIn(next!.text), ['Closed GP', 'Soho 24/7 GP', 'Farther 24/7 GP'], 'the rest in order, the open one again in its place');
  t.notMatch(next!.text, 'Open now, ', 'a later page brings nothing into sight');
});

t.test('by day, or when a contact of the page may be open, the page is as it was', async (t) => {
  h.clock.set(MONDAY_MORNING);
  const user = await aMember(h, group.id);
  const [day] = await h.locate(user.id, LONDON.latitude, LONDON.longitude);
  t.same(namesIn(day!.text), MASTERS.map(([name]) => name), 'the Masters of Medicine are open');

  h.clock.set(SATURDAY_EVENING);
  await h.sql`UPDATE medical_contacts SET available_hours = 'Call ahead' WHERE name = 'Dr James Evans'`;
  t.teardown(() => h.sql`UPDATE medical_contacts SET available_hours = 'Mo-Fr 09:00-17:00' WHERE name = 'Dr James Evans'`);
  const [unknown] = await h.locate(user.id, LONDON.latitude, LONDON.longitude);
  t.same(namesIn(unknown!.text), MASTERS.map(([name]) => name), 'hours that are not a schedule are not known to be closed');
});
