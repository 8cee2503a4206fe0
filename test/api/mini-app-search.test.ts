import t from 'tap';
import { createMiniAppHarness } from '../helpers/mini-app.js';
import { aContact, aMember, anAuthorizedGroup, namesIn, texts } from '../helpers/bot-fixtures.js';
import { withoutTags } from '../../api/contract/message-templates.js';
import { miniAppTexts } from '../../bot/locales/mini-app.js';
import { answerPage, shownContacts } from '../../bot/answering/answer-page.js';
import { nearbySpecialties } from '../../bot/answering/search-filters.js';
import { specialtyKey } from '../../bot/answering/specialties.js';
import { getSystemSettings } from '../../sql/settings.js';
import { createContactLookup } from '../../bot/answering/contact-lookup.js';
import { rollUpLogs } from '../../sql/log-rollups.js';
import type { MiniAppNearest, MiniAppSession } from '../../api/contract/mini-app.js';

const h = await createMiniAppHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 3 });
const LONDON = { latitude: 51.5074, longitude: -0.1278 };
const north = (degrees: number) => ({ latitude: LONDON.latitude + degrees, longitude: LONDON.longitude, city: 'London' });
// A Monday morning: the weekday hours are open.
h.clock.set(new Date('2026-11-30T10:00:00Z'));

await aContact(h.sql, { name: 'Star Surgery', ...north(0.03), isMasterOfMedicine: true, availableHours: '24/7', languages: ['en'] });
await aContact(h.sql, { name: 'Near Dentist', ...north(0.005), specialty: 'Dentistry', availableHours: 'Mo-Fr 09:00-17:00', languages: ['en', 'de'] });
await aContact(h.sql, { name: 'Heart Clinic', ...north(0.01), specialty: 'Cardiology', availableHours: 'Sa 09:00-12:00', languages: ['de'] });
await aContact(h.sql, { name: 'Soho GP', ...north(0.012), contactMethod: 'telegram', telegramUsername: 'sohogp', languages: ['en'] });
await aContact(h.sql, { name: 'Camden GP', ...north(0.02), contactMethod: 'whatsapp', languages: ['en'] });
await aContact(h.sql, { name: 'Far Dentist', ...north(0.04), specialty: 'Dentistry', languages: ['de'] });
await aContact(h.sql, { name: 'Farthest GP', ...north(0.05), languages: ['en'] });

const nearestUrl = (query: Record<string, string | number | boolean> = {}) =>
  `/api/mini-app/nearest?${new URLSearchParams(Object.entries({ ...LONDON, ...query }).map(([key, value]): [string, string] => [key, String(value)])).toString()}`;
const usedToday = async (telegramId: number) =>
  (await h.sql<{ used: number }[]>`SELECT used FROM daily_usage WHERE telegram_id = ${telegramId}`)[0]?.used ?? 0;

t.test('nearest answers the bot\'s answer to the same point: its order, its cards\' words, More results within the radius', async (t) => {
  const ann = await aMember(h, group.id, { firstName: 'Ann' });
  const botAnswer = (await h.locate(ann.id, LONDON.latitude, LONDON.longitude))[0];
  const first = await h.call({ id: ann.id, first_name: 'Ann' }, 'GET', nearestUrl());
  t.equal(first.statusCode, 200);
  const body = first.json<MiniAppNearest>();
  t.same(body.contacts.map((contact) => contact.name), namesIn(botAnswer?.text));
  t.same(body.contacts.map((contact) => contact.name), ['Star Surgery', 'Near Dentist', 'Heart Clinic', 'Soho GP', 'Camden GP']);
  t.equal(body.nextOffset, 5);
  t.match(body.contacts[0], { isMasterOfMedicine: true, hours: '🟢 Open 24/7', openNow: true, freshness: '⚠ Not checked yet', locationApproximate: false });
  t.match(body.contacts[1], { specialty: 'Dentistry', hours: '🟢 Open until 17:00', openNow: true, languages: ['en', 'de'], messageUrl: null });
  t.match(body.contacts[2], { hours: '🔴 Closed · opens Sat 09:00', openNow: false });
  t.match(body.contacts[3], { hours: '', openNow: null, messageUrl: 'https://t.me/sohogp' });
  t.match(body.contacts[4], { messageUrl: `https://wa.me/${body.contacts[4]!.phone.replace(/\D/g, '')}` });
  t.equal(body.contacts[1]!.distanceKm, 0.557);

  const directory = await createContactLookup(h.sql).directory();
  const settings = await getSystemSettings(h.sql);
  const botPage = shownContacts(answerPage(directory, { point: LONDON, filters: { specialty: null, openNow: false }, offset: 5 }, settings, 'en', h.clock.now()));
  const more = (await h.call({ id: ann.id, first_name: 'Ann' }, 'GET', nearestUrl({ offset: 5 }))).json<MiniAppNearest>();
  t.same(more.contacts.map((contact) => contact.id), botPage.map((contact) => contact.id));
  t.same(more.contacts.map((contact) => contact.name), ['Far Dentist', 'Farthest GP']);
  t.equal(more.nextOffset, null);
  t.same(body.specialtyCounts, nearbySpecialties(directory, LONDON, settings, false, h.clock.now()).map(({ specialty, count }) => ({ key: specialtyKey(specialty), label: directory.taxonomy.label(specialty, 'en'), count })));
  t.same(body.specialtyCounts.map(({ label, count }) => [label, count]), [['General Practice', 4], ['Dentistry', 2], ['Cardiology', 1]]);
});

t.test('the filters: a specialty of the session, open now, and the user\'s language', async (t) => {
  const ben = await aMember(h, group.id, { firstName: 'Ben', languageCode: 'de' });
  const user = { id: ben.id, first_name: 'Ben', language_code: 'de' };
  const session = (await h.call(user, 'GET', '/api/mini-app/session')).json<MiniAppSession>();
  const dentistry = session.specialties.find((specialty) => specialty.label === 'Zahnmedizin' || specialty.key === specialtyKey('Dentistry'))!;
  const names = async (query: Record<string, string | number | boolean>) =>
    (await h.call(user, 'GET', nearestUrl(query))).json<MiniAppNearest>().contacts.map((contact) => contact.name);
  t.same(await names({ specialty: dentistry.key }), ['Near Dentist', 'Far Dentist']);
  t.same(await names({ openNow: true }), ['Star Surgery', 'Near Dentist']);
  t.same(await names({ myLanguages: true }), ['Near Dentist', 'Heart Clinic', 'Far Dentist']);
  t.same(await names({ specialty: dentistry.key, myLanguages: true, openNow: true }), ['Near Dentist']);
  const unknown = await h.call(user, 'GET', nearestUrl({ specialty: 'nope' }));
  t.equal(unknown.statusCode, 400);
  t.match(unknown.json(), { message: 'Specialty must be one of the keys the session lists.', field: 'specialty' });
  const bad = await h.call(user, 'GET', nearestUrl({ latitude: 91 }));
  t.equal(bad.statusCode, 400);
  t.match(bad.json(), { message: 'Latitude must be a number from -90 to 90.' });
});

t.test('a search costs one daily request; map moves and filters within 30 minutes are free; the limit refuses in the bot\'s words', async (t) => {
  const cat = await aMember(h, group.id, { firstName: 'Cat' });
  const user = { id: cat.id, first_name: 'Cat' };
  const charged = async (query: Record<string, string | number | boolean> = {}) => (await h.call(user, 'GET', nearestUrl(query))).json<MiniAppNearest>().charged;
  t.equal(await charged(), true, 'the first search is charged');
  t.equal(await usedToday(cat.id), 1);
  h.clock.advance(10 * 60_000);
  t.equal(await charged({ latitude: LONDON.latitude + 0.01 }), false, 'a map move 10 minutes later is free');
  t.equal(await charged({ openNow: true, offset: 0 }), false, 'a filter is free');
  h.clock.advance(20 * 60_000);
  t.equal(await charged(), false, 'exactly 30 minutes after the charged search it is still free');
  h.clock.advance(60_000);
  t.equal(await charged(), true, '31 minutes after it, a new search is charged');
  t.equal(await usedToday(cat.id), 2);
  const nowhere = await h.call(user, 'GET', nearestUrl({ latitude: -60, longitude: 0 }));
  t.same(nowhere.json(), { contacts: [], specialtyCounts: [], nextOffset: null, charged: false }, 'a search that finds nothing costs nothing');
  h.clock.advance(31 * 60_000);
  t.equal(await charged(), true);
  t.equal(await usedToday(cat.id), 3);
  h.clock.advance(31 * 60_000);
  const refused = await h.call(user, 'GET', nearestUrl());
  t.equal(refused.statusCode, 403);
  const botWords = texts(await h.locate(cat.id, LONDON.latitude, LONDON.longitude))[0];
  t.same(refused.json(), { refusal: 'limit_reached', message: withoutTags(botWords!) });
  t.equal(refused.json().message, '⏳ Sorry, Cat, you have used today’s searches. 0 of 3 searches left today; the next in 12 h 27 min.');
  t.equal(await usedToday(cat.id), 3);
  t.equal((await h.call(user, 'GET', nearestUrl())).statusCode, 403, 'a refused search opens no free window');
});

t.test('two searches at once are charged once', async (t) => {
  const eli = await aMember(h, group.id, { firstName: 'Eli' });
  const both = await Promise.all([1, 2].map(() => h.call({ id: eli.id, first_name: 'Eli' }, 'GET', nearestUrl())));
  t.same(both.map((response) => response.json<MiniAppNearest>().charged).sort(), [false, true]);
  t.equal(await usedToday(eli.id), 1);
});

t.test('every search is logged as a bot request with the source mini_app, and counted as the bot\'s are', async (t) => {
  const dan = await aMember(h, group.id, { firstName: 'Dan' });
  await h.call({ id: dan.id, first_name: 'Dan' }, 'GET', nearestUrl({ openNow: true }));
  const [row] = await h.sql`
    SELECT level, message, command, chat_id, latitude, longitude, city, country, result_count, language, metadata
    FROM bot_logs WHERE user_id = ${dan.id} ORDER BY id DESC LIMIT 1`;
  t.match({ ...row }, {
    level: 'INFO',
    message: 'Answered a location with 2 contacts',
    command: 'mini_app',
    chatId: null,
    latitude: LONDON.latitude,
    longitude: LONDON.longitude,
    city: 'London',
    country: 'United Kingdom',
    resultCount: 2,
    language: 'en',
    metadata: { source: 'mini_app', openNow: true, offset: 0, free: false, masters: 1 },
  });
  const [user] = await h.sql`SELECT total_requests FROM telegram_users WHERE telegram_id = ${dan.id}`;
  t.equal(user!.totalRequests, 1);
  await rollUpLogs(h.sql);
  const rolledUp = await h.sql`SELECT country, city, requests FROM log_daily_users WHERE user_id = ${dan.id} AND city <> ''`;
  t.same(rolledUp.map((row) => ({ ...row })), [{ country: 'United Kingdom', city: 'London', requests: 1 }], 'the roll-ups count it with its place, as a bot request');
  const session = (await h.call({ id: dan.id, first_name: 'Dan' }, 'GET', '/api/mini-app/session')).json<MiniAppSession>();
  t.same(session.lastPoint, LONDON, 'the session opens on the last searched point');
});

t.test('session: the texts in the user\'s language, chosen with /language before Telegram\'s', async (t) => {
  const eva = await aMember(h, group.id, { firstName: 'Eva', languageCode: 'de' });
  const german = (await h.call({ id: eva.id, first_name: 'Eva', language_code: 'de' }, 'GET', '/api/mini-app/session')).json<MiniAppSession>();
  t.same({ language: german.language, texts: german.texts, lastPoint: german.lastPoint, maxRadiusKm: german.maxRadiusKm }, { language: 'de', texts: miniAppTexts('de'), lastPoint: null, maxRadiusKm: 100 });
  await h.sql`UPDATE telegram_users SET chosen_language = 'fr' WHERE telegram_id = ${eva.id}`;
  const french = (await h.call({ id: eva.id, first_name: 'Eva', language_code: 'de' }, 'GET', '/api/mini-app/session')).json<MiniAppSession>();
  t.equal(french.language, 'fr');
  t.same(french.texts, miniAppTexts('fr'));
});

t.test('places resolves a typed place as the bot does', async (t) => {
  const fin = await aMember(h, group.id, { firstName: 'Fin' });
  const answer = await h.call({ id: fin.id, first_name: 'Fin' }, 'GET', '/api/mini-app/places?q=Prague');
  t.equal(answer.statusCode, 200);
  t.match(answer.json().places[0], { label: 'Prague, Prague, Czechia' });
  t.same((await h.call({ id: fin.id, first_name: 'Fin' }, 'GET', '/api/mini-app/places?q=%20')).json().message, 'Q must be a place name.');
});

t.test('a report goes the bot\'s way: a contact_reports row, a notification, once a day', async (t) => {
  const gil = await aMember(h, group.id, { firstName: 'Gil' });
  const [contact] = await h.sql<{ id: number }[]>`SELECT id FROM medical_contacts WHERE name = 'Soho GP'`;
  const report = { contactId: contact!.id, problem: 'wrong_number' };
  const stored = await h.call({ id: gil.id, first_name: 'Gil' }, 'POST', '/api/mini-app/reports', report);
  t.equal(stored.statusCode, 201);
  t.same(stored.json(), { stored: true, message: 'Thank you! We will check this contact.' });
  const reports = await h.sql`SELECT problem, status FROM contact_reports WHERE contact_id = ${contact!.id} AND telegram_id = ${gil.id}`;
  t.same(reports.map((row) => ({ ...row })), [{ problem: 'wrong_number', status: 'open' }]);
  const [notification] = await h.sql`SELECT title, message FROM notifications WHERE kind = 'contact_reported' ORDER BY id DESC LIMIT 1`;
  t.same({ ...notification }, { title: 'Contact reported: Soho GP', message: 'A bot user reported "Wrong number" for Soho GP (London). It is due for re-verification until the report is resolved.' });
  const again = await h.call({ id: gil.id, first_name: 'Gil' }, 'POST', '/api/mini-app/reports', report);
  t.same([again.statusCode, again.json()], [200, { stored: false, message: 'You have already reported this contact today. Thank you, we are looking into it.' }]);
  const gone = await h.call({ id: gil.id, first_name: 'Gil' }, 'POST', '/api/mini-app/reports', { contactId: 999_999, problem: 'other' });
  t.same([gone.statusCode, gone.json().message], [404, 'This contact is no longer in our directory.']);
  const badProblem = await h.call({ id: gil.id, first_name: 'Gil' }, 'POST', '/api/mini-app/reports', { contactId: contact!.id, problem: 'rude' });
  t.equal(badProblem.statusCode, 400);
});
