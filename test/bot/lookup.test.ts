import t from 'tap';
import { REFUSALS } from '../../bot/replies/default-templates.js';
import { FIND_TEXTS } from '../../bot/locales/find.js';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, lastLog, namesIn, refusal, rendered, texts, withSettings } from '../helpers/bot-fixtures.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 50 });

/** 0.01 degree of latitude is 1.113 km on the sphere earthdistance uses. */
const north = (point: { latitude: number; longitude: number }, degrees: number) => ({ latitude: point.latitude + degrees, longitude: point.longitude });

t.test('a location returns contacts nearest first, Master-of-Medicine contacts ahead even when farther', async (t) => {
  const madrid = { latitude: 40.4168, longitude: -3.7038 };
  await aContact(h.sql, { name: 'Third', ...north(madrid, 0.03), city: 'Madrid', phone: '+34 91 000 0003' });
  await aContact(h.sql, { name: 'First', ...north(madrid, 0.01), city: 'Madrid', phone: '+34 91 000 0001', specialty: 'Cardiology', availableHours: 'Mon–Fri 9–17', languages: ['es', 'en'], specialInstructions: 'Ring twice & wait' });
  await aContact(h.sql, { name: 'Second', ...north(madrid, 0.02), city: 'Madrid', phone: '+34 91 000 0002' });
  await aContact(h.sql, { name: 'Master far', ...north(madrid, 0.18), city: 'Madrid', isMasterOfMedicine: true, phone: '+34 91 000 0009' });
  await aContact(h.sql, { name: 'Inactive nearest', ...north(madrid, 0.001), isActive: false });
  await aContact(h.sql, { name: 'Without coordinates', latitude: null, longitude: null, city: 'Madrid' });
  // No language_code: the default language, English, which every contact here speaks.
  const user = await aMember(h, group.id, { firstName: 'Ana' });

  const [answer, ...more] = texts(await h.locate(user.id, madrid.latitude, madrid.longitude));
  t.same(more, [], 'one message');
  /** OpenStreetMap's route from the user's point to the contact so far north, as the card's HTML writes it. */
  const routeTo = (degrees: number) => `https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&amp;route=40.4168%2C-3.7038%3B${Number((40.4168 + degrees).toFixed(5))}%2C-3.7038`;
  t.same(namesIn(answer), ['Master far', 'First', 'Second', 'Third']);
  t.equal(
    answer,
    [
      rendered('location_result', { count: 4, city: 'Madrid, Madrid, Spain', remaining: 49, daily_limit: 50 }),
      rendered('master_of_medicine'),
      `<b>1. ⭐ Master far</b> · General Practice\n📞 +34 910 00 00 09 · 🧭 <a href="${routeTo(0.18)}">Route</a>\n📏 20 km · Madrid · 🗣 ✅ English\n⚠ Not checked yet`,
      `<b>2. First</b> · Cardiology\n🔴 Closed · opens Mon 09:00\n📞 +34 910 00 00 01 · 🧭 <a href="${routeTo(0.01)}">Route</a>\n📏 1.1 km · Madrid · 🗣 ✅ English, Spanish\nℹ️ Ring twice &amp; wait\n⚠ Not checked yet`,
      `<b>3. Second</b> · General Practice\n📞 +34 910 00 00 02 · 🧭 <a href="${routeTo(0.02)}">Route</a>\n📏 2.2 km · Madrid · 🗣 ✅ English\n⚠ Not checked yet`,
      `<b>4. Third</b> · General Practice\n📞 +34 910 00 00 03 · 🧭 <a href="${routeTo(0.03)}">Route</a>\n📏 3.3 km · Madrid · 🗣 ✅ English\n⚠ Not checked yet`,
      '🚑 In an emergency call 112.',
    ].join('\n\n'),
  );
  const log = await lastLog(h.sql, user.id);
  t.match(log, { level: 'INFO', command: 'location', resultCount: 4, city: 'Madrid', region: 'Madrid', country: 'Spain' });
});

t.test('without Master-of-Medicine contacts there is no Master-of-Medicine introduction', async (t) => {
  const oslo = { latitude: 59.91, longitude: 10.75 };
  await aContact(h.sql, { name: 'Oslo GP', ...north(oslo, 0.005), city: 'Oslo' });
  const user = await aMember(h, group.id);
  const [answer] = texts(await h.locate(user.id, oslo.latitude, oslo.longitude));
  t.same(namesIn(answer), ['Oslo GP']);
  t.notMatch(answer, rendered('master_of_medicine'));
  t.match(answer, '📏 557 m · Oslo');
});

t.test('the radius and results-per-answer settings are honoured', async (t) => {
  const sydney = { latitude: -33.87, longitude: 151.21 };
  for (const [name, degrees] of [['S1', 0.01], ['S2', 0.02], ['S3', 0.03], ['S4', 0.04], ['S15km', 0.135]] as const) {
    await aContact(h.sql, { name, ...north(sydney, degrees), city: 'Sydney' });
  }
  const user = await aMember(h, group.id);
  t.same(namesIn(texts(await h.locate(user.id, sydney.latitude, sydney.longitude))[0]), ['S1', 'S2', 'S3', 'S4', 'S15km']);

  await withSettings(t, h.sql, { maxRadiusKm: 10 });
  t.same(namesIn(texts(await h.locate(user.id, sydney.latitude, sydney.longitude))[0]), ['S1', 'S2', 'S3', 'S4'], 'the 15 km one is outside 10 km');
  await h.sql`UPDATE system_settings SET results_per_answer = 2`;
  t.teardown(() => h.sql`UPDATE system_settings SET results_per_answer = 5`);
  const [answer] = texts(await h.locate(user.id, sydney.latitude, sydney.longitude));
  t.same(namesIn(answer), ['S1', 'S2']);
  t.match(answer, /Medical contacts near Sydney[^:]*<\/b>: 2/);
});

t.test('a master outside the radius is not shown ahead of nearer contacts', async (t) => {
  const cairo = { latitude: 30.04, longitude: 31.24 };
  await aContact(h.sql, { name: 'Cairo GP', ...north(cairo, 0.01) });
  await aContact(h.sql, { name: 'Master in Alexandria', latitude: 31.2, longitude: 29.92, isMasterOfMedicine: true });
  const user = await aMember(h, group.id);
  t.same(namesIn(texts(await h.locate(user.id, cairo.latitude, cairo.longitude))[0]), ['Cairo GP'], 'Alexandria is 180 km away');
});

t.test('each contact method renders its link', async (t) => {
  const lima = { latitude: -12.05, longitude: -77.04 };
  await aContact(h.sql, { name: 'By Telegram', ...north(lima, 0.01), contactMethod: 'telegram', telegramUsername: '@dr_lima', phone: '+51 1 111' });
  await aContact(h.sql, { name: 'By WhatsApp', ...north(lima, 0.02), contactMethod: 'whatsapp', phone: '+51 (1) 222-333' });
  await aContact(h.sql, { name: 'By phone', ...north(lima, 0.03), contactMethod: 'phone', phone: '+51 1 444 555', telegramUsername: 'lima_phone' });
  const user = await aMember(h, group.id);
  const [message] = await h.locate(user.id, lima.latitude, lima.longitude);
  t.match(message!.text, '💬 <a href="https://t.me/dr_lima">@dr_lima</a> · 🧭 <a href=');
  t.match(message!.text, '🟢 <a href="https://wa.me/511222333">WhatsApp +51 (1) 222-333</a> · 🧭 <a href=');
  t.match(message!.text, '📞 +51 1 444 555 · 💬 <a href="https://t.me/lima_phone">Telegram</a> · 🧭 <a href=', 'a username beside the phone is a link too');
  const links = (message!.entities ?? []).filter((entity) => entity.type === 'text_link').map((entity) => 'url' in entity && entity.url);
  const route = (to: number) => `https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=-12.05%2C-77.04%3B${to}%2C-77.04`;
  t.same(links, ['https://t.me/dr_lima', route(-12.04), 'https://wa.me/511222333', route(-12.03), 'https://t.me/lima_phone', route(-12.02)], 'Telegram sees each contact\'s links, the route from the user\'s point');
  t.same(message!.reply_markup?.inline_keyboard.flat().filter((button) => 'url' in button), [], 'and no link among the buttons');
});

t.test('no contacts within ten times the radius: the clear empty answer with the emergency number, a WARN log, and no search used', async (t) => {
  const user = await aMember(h, group.id);
  const replies = texts(await h.locate(user.id, 35.68, 139.69));
  t.same(replies, [`${refusal(REFUSALS.noResults(100, 'Tokyo, Tokyo, Japan'))}\n\n🚑 In an emergency call 119.`], 'the nearest contacts, in Sydney, are of another region');
  t.equal(replies[0], '⚠️ No medical contacts were found within 100 km of Tokyo, Tokyo, Japan. Try a location closer to a town.\n\n🚑 In an emergency call 119.');
  t.match(await lastLog(h.sql, user.id), { level: 'WARN', message: 'No contacts within the search radius', resultCount: 0, city: 'Tokyo' });
  const usage = await h.sql`SELECT used FROM daily_usage WHERE telegram_id = ${user.id}`;
  t.same(usage.map((row) => row.used).filter((used) => used > 0), [], 'no search was taken');
  t.same(texts(await h.say(user.id, '/help')), [rendered('help', { searches_left: '50 of 50 searches left today' })]);
});

t.test('a city name asks to confirm the place with one button; pressing it answers near that city', async (t) => {
  const london = { latitude: 51.5074, longitude: -0.1278 };
  await aContact(h.sql, { name: 'London GP', ...north(london, 0.01), city: 'London' });
  const user = await aMember(h, group.id);
  const [question, ...more] = await h.say(user.id, 'London');
  t.same(more, []);
  t.equal(question!.text, rendered('location_confirmation', { city: 'London, England, United Kingdom' }));
  const buttons = question!.reply_markup!.inline_keyboard.flat();
  t.same(buttons.map((button) => button.text), ['London, England, United Kingdom', '✖ Cancel']);
  t.match(await lastLog(h.sql, user.id), { level: 'INFO', command: 'text', message: 'Asked to confirm a place' });

  const data = (buttons[0] as { callback_data: string }).callback_data;
  const [answer] = texts(await h.press(user.id, user.id, question!.message_id, data));
  t.match(answer, rendered('location_result', { count: 1, city: 'London, England, United Kingdom', remaining: 49, daily_limit: 50 }));
  t.same(namesIn(answer), ['London GP']);
  t.notOk(h.sim.messages(user.id).find((m) => m.message_id === question!.message_id)!.reply_markup, 'the buttons are taken away');
  t.match(await lastLog(h.sql, user.id), { level: 'INFO', command: 'callback', resultCount: 1, city: 'London', country: 'United Kingdom' });
});

t.test('a misspelt city name offers the likely places as buttons', async (t) => {
  const user = await aMember(h, group.id);
  const [question] = await h.say(user.id, 'Londn');
  t.equal(question!.text, rendered('location_confirmation', { city: 'London, England, United Kingdom' }));
  const labels = question!.reply_markup!.inline_keyboard.map((row) => row.map((button) => button.text));
  t.ok(labels.length >= 3, 'several places and Cancel');
  t.same(labels[0], ['London, England, United Kingdom'], 'the largest close spelling first');
  t.same(labels.at(-1), ['✖ Cancel']);

  const cancel = await h.press(user.id, user.id, question!.message_id, 'place:cancel');
  t.same(cancel, [], 'cancelling sends nothing');
  t.match(await lastLog(h.sql, user.id), { level: 'INFO', message: 'The user cancelled choosing a place' });
});

t.test('an unknown word says no place is called so', async (t) => {
  const user = await aMember(h, group.id);
  t.same(texts(await h.say(user.id, 'xyzzyq')), [FIND_TEXTS.en.unknownPlace('xyzzyq')]);
  t.match(await lastLog(h.sql, user.id), { level: 'WARN', message: 'No place matches the text' });
});

t.test('a venue works like a location', async (t) => {
  const berlin = { latitude: 52.52, longitude: 13.405 };
  await aContact(h.sql, { name: 'Berlin GP', ...north(berlin, 0.01), city: 'Berlin' });
  const user = await aMember(h, group.id);
  const before = h.sim.messages(user.id).at(-1)?.message_id ?? 0;
  const delivery = h.sim.sendVenue(user.id, { ...berlin, title: 'Alexanderplatz', address: 'Alexanderplatz 1' });
  await h.handled(delivery.update_id);
  const [answer] = texts(h.sim.botMessagesSince(user.id, before));
  t.same(namesIn(answer), ['Berlin GP']);
  t.match(answer, 'Medical contacts near Berlin, State of Berlin, Germany</b>: 1');
});

t.test('contacts shown are counted per day, also when several answers show them in one batch', async (t) => {
  const kyoto = { latitude: 35.01, longitude: 135.77 };
  const shown = await aContact(h.sql, { name: 'Kyoto GP', ...north(kyoto, 0.01) });
  const user = await aMember(h, group.id);
  const deliveries = [1, 2, 3].map(() => h.sim.sendLocation(user.id, kyoto));
  await Promise.all(deliveries.map((delivery) => h.medBot.whenHandled(delivery.update_id)));
  await h.medBot.recorder.flush();
  await h.locate(user.id, kyoto.latitude, kyoto.longitude);
  const counts = await h.sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, requests FROM contact_daily_requests WHERE contact_id = ${shown.id}`;
  t.same(counts.map((row) => [row.day, row.requests]), [['2026-11-21', 4]]);
});
