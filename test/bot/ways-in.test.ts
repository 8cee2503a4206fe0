import t from 'tap';
import type { InlineKeyboardButton, InlineQueryResultArticle, InputTextMessageContent } from 'grammy/types';
import { LANGUAGE_CODES } from '../../api/contract/languages.js';
import { FIND_TEXTS } from '../../bot/locales/find.js';
import { WAYS_IN_TEXTS } from '../../bot/locales/ways-in.js';
import { specialtyKey } from '../../bot/answering/specialties.js';
import { nearPayload, parseNearPayload } from '../../bot/answering/map-links.js';
import { createBotHarness } from '../helpers/bot.js';
import { BOT_TEXTS } from '../../bot/locales/index.js';
import { BEFORE_SHARE_BUTTON } from '../../bot/locales/before-share-button.js';
import { seedDefaultTemplates } from '../../bot/replies/default-templates.js';
import { aContact, aMember, anAuthorizedGroup, aUser, lastLog, namesIn, rendered, texts } from '../helpers/bot-fixtures.js';

const MINI_APP = 'https://med.example.org/app/';
const h = await createBotHarness(t, { miniAppUrl: () => MINI_APP });
const group = await anAuthorizedGroup(h, { dailyLimit: 50 });

/** 0.01 degree of latitude is 1.113 km. */
const lyon = (degrees: number) => ({ latitude: 45.764 + degrees, longitude: 4.8357, city: 'Lyon', country: 'FR' });
await aContact(h.sql, { name: 'Cardio always open', specialty: 'Cardiology', availableHours: '24/7', ...lyon(0.02) });
await aContact(h.sql, { name: 'Dentist one', specialty: 'Dentistry', availableHours: 'Mo-Su 00:00-24:00', ...lyon(0.03) });
await aContact(h.sql, { name: 'Dentist two', specialty: 'Dentistry', ...lyon(0.04) });

const SHARE_KEYBOARD = { keyboard: [[{ text: '📍 Share my location', request_location: true }]], resize_keyboard: true };
const buttons = (message: { reply_markup?: { inline_keyboard: InlineKeyboardButton[][] } } | undefined) => message?.reply_markup?.inline_keyboard.flat() ?? [];
const used = async (userId: number) => (await h.sql`SELECT used FROM daily_usage WHERE telegram_id = ${userId}`).reduce((sum, row) => sum + Number(row.used), 0);

t.test('at start the bot sets its descriptions per language and the chat menu button to the Mini App', async (t) => {
  t.equal(h.sim.description(), WAYS_IN_TEXTS.en.description, 'the default language for everyone else');
  t.equal(
    h.sim.description('en'),
    'I find medical contacts near you: doctors, dentists and clinics, nearest first, with their opening hours and the languages they speak. Send your location or the name of a city, or open the map.',
  );
  t.equal(h.sim.shortDescription('en'), 'Medical contacts near you, on a map and in your language.');
  t.equal(h.sim.shortDescription('uk'), 'Медичні контакти поруч із вами, на мапі та вашою мовою.');
  t.equal(h.sim.shortDescription('de'), 'Medizinische Kontakte in Ihrer Nähe, auf der Karte und in Ihrer Sprache.');
  for (const language of LANGUAGE_CODES) {
    t.equal(h.sim.description(language), WAYS_IN_TEXTS[language].description, `${language} description`);
    t.equal(h.sim.shortDescription(language), WAYS_IN_TEXTS[language].shortDescription, `${language} short description`);
    t.ok(WAYS_IN_TEXTS[language].description.length <= 512 && WAYS_IN_TEXTS[language].shortDescription.length <= 120, `${language} within Telegram's lengths`);
  }
  t.strictSame(h.sim.menuButton(), { type: 'web_app', text: '🗺 Map', web_app: { url: MINI_APP } });
  const { calls } = h.sim.stats();
  // Once for everyone, then once per offered language: what every instance's start sets again, changing nothing.
  t.match(calls, { setMyCommands: 9, setMyDescription: 9, setMyShortDescription: 9, setChatMenuButton: 1 });
});

t.test('the welcome and help offer 📍 Share my location in a private chat, not in a group', async (t) => {
  const ada = await aMember(h, group.id, { firstName: 'Ada' });
  const [welcome] = await h.say(ada.id, '/start');
  t.equal(welcome!.text, rendered('welcome', { first_name: 'Ada', searches_left: '50 of 50 searches left today' }));
  t.match(welcome!.text, 'I help you find medical contacts near you. Send me your location or type the name of a city.');
  t.strictSame(welcome!.reply_keyboard, SHARE_KEYBOARD);
  const [help] = await h.say(ada.id, '/help');
  t.match(help!.text, '• Send your location to see the nearest medical contacts.');
  t.strictSame(help!.reply_keyboard, SHARE_KEYBOARD);
  t.strictSame(h.sim.replyKeyboard(ada.id), SHARE_KEYBOARD);

  const [inGroup] = await h.say(ada.id, '/help', group.id);
  t.equal(inGroup!.text, help!.text);
  t.equal(inGroup!.reply_keyboard, undefined, 'Telegram asks for a location from private chats only');
  t.equal(h.sim.replyKeyboard(group.id), undefined);

  const olena = await aMember(h, group.id, { firstName: 'Олена', languageCode: 'uk' });
  const [ukWelcome] = await h.say(olena.id, '/start');
  t.strictSame(ukWelcome!.reply_keyboard, { keyboard: [[{ text: '📍 Поділитися геопозицією', request_location: true }]], resize_keyboard: true });
});

t.test('welcome and help templates still reading "📎 → Location" get the new texts; one someone wrote stays', async (t) => {
  await h.sql`UPDATE message_templates SET content = ${BEFORE_SHARE_BUTTON.en.welcome} WHERE type = 'welcome' AND language = 'en'`;
  await h.sql`UPDATE message_templates SET content = ${BEFORE_SHARE_BUTTON.uk.help} WHERE type = 'help' AND language = 'uk'`;
  await h.sql`UPDATE message_templates SET content = 'Willkommen!' WHERE type = 'welcome' AND language = 'de'`;
  await h.sql`DELETE FROM seeds WHERE name = 'share-location-button'`;
  t.teardown(() => h.sql`UPDATE message_templates SET content = ${BOT_TEXTS.de.templates.welcome} WHERE type = 'welcome' AND language = 'de'`);
  await seedDefaultTemplates(h.sql);
  const rows = await h.sql<{ type: string; language: string; content: string }[]>`
    SELECT type, language, content FROM message_templates WHERE (type, language) IN (('welcome', 'en'), ('help', 'uk'), ('welcome', 'de')) ORDER BY type, language`;
  t.same(rows, [
    { type: 'help', language: 'uk', content: BOT_TEXTS.uk.templates.help },
    { type: 'welcome', language: 'de', content: 'Willkommen!' },
    { type: 'welcome', language: 'en', content: BOT_TEXTS.en.templates.welcome },
  ]);
  t.notMatch(BOT_TEXTS.uk.templates.help, '📎');
});

t.test('pressing 📍 Share my location answers; the 🗺 Map button opens the Mini App on the answer\'s point and filters', async (t) => {
  const bo = await aMember(h, group.id, { firstName: 'Bo' });
  await h.say(bo.id, '/start');
  // The button sends the user's location as a location message: the simulator sends one as the app would.
  const [answer] = await h.locate(bo.id, 45.774, 4.8357);
  t.same(namesIn(answer!.text), ['Cardio always open', 'Dentist one', 'Dentist two']);
  t.strictSame(answer!.reply_markup!.inline_keyboard[0], [{ text: '🗺 Map', web_app: { url: 'https://med.example.org/app/?latitude=45.77400&longitude=4.83570' } }], 'first, a row of its own');
  t.equal(await used(bo.id), 1);

  const openNow = buttons(answer).find((button) => button.text === FIND_TEXTS.en.openNowButton) as InlineKeyboardButton.CallbackButton;
  const [narrowed] = await h.press(bo.id, bo.id, answer!.message_id, openNow.callback_data);
  t.same(namesIn(narrowed!.text), ['Cardio always open', 'Dentist one']);
  t.strictSame(buttons(narrowed)[0], { text: '🗺 Map', web_app: { url: 'https://med.example.org/app/?latitude=45.77400&longitude=4.83570&openNow=1' } });

  const [found] = await h.say(bo.id, '/find dentistry Lyon');
  t.strictSame(buttons(found)[0], {
    text: '🗺 Map',
    web_app: { url: `https://med.example.org/app/?latitude=45.74846&longitude=4.84671&specialty=${specialtyKey('Dentistry')}` },
  });
});

t.test('in a group the 🗺 Map button opens the private chat on the point instead (Telegram refuses web_app buttons there)', async (t) => {
  const cy = await aMember(h, group.id, { firstName: 'Cy' });
  const [answer] = await h.locate(cy.id, 45.774, 4.8357, group.id);
  t.strictSame(buttons(answer)[0], { text: '🗺 Map', url: 'https://t.me/simulated_bot?start=near_45d77400_4d83570' });
  const [opened] = await h.say(cy.id, '/start near_45d77400_4d83570');
  t.same(namesIn(opened!.text), ['Cardio always open', 'Dentist one', 'Dentist two'], 'the same point, answered in private');
  t.equal(buttons(opened)[0]!.text, '🗺 Map');
  t.ok('web_app' in buttons(opened)[0]!, 'there the Mini App opens');
});

t.test("a group answer's 🗺 Map link carries its specialty and Open now to the private chat's answer and its Mini App", async (t) => {
  const kit = await aMember(h, group.id, { firstName: 'Kit' });
  const [found] = await h.say(kit.id, '/find dentistry Lyon', group.id);
  const openNow = buttons(found).find((button) => button.text === FIND_TEXTS.en.openNowButton) as InlineKeyboardButton.CallbackButton;
  const [narrowed] = await h.press(kit.id, group.id, found!.message_id, openNow.callback_data);
  t.same(namesIn(narrowed!.text), ['Dentist one']);
  const payload = `near_45d74846_4d84671_1${specialtyKey('Dentistry')}`;
  t.strictSame(buttons(narrowed)[0], { text: '🗺 Map', url: `https://t.me/simulated_bot?start=${payload}` });
  t.ok(payload.length <= 64, 'within Telegram\'s 64 characters');

  const [opened, ...more] = await h.say(kit.id, `/start ${payload}`);
  t.same(more, []);
  t.equal(opened!.text!.split('\n')[0], '📍 <b>Medical contacts near Lyon, Auvergne-Rhône-Alpes, France</b>: 1');
  t.equal(opened!.text!.split('\n')[3], '🔎 Dentistry · open now');
  t.match(narrowed!.text, '\n🔎 Dentistry · open now\n', 'narrowed as the group answer was');
  t.same(namesIn(opened!.text), ['Dentist one']);
  t.strictSame(buttons(opened)[0], {
    text: '🗺 Map',
    web_app: { url: `https://med.example.org/app/?latitude=45.74846&longitude=4.84671&specialty=${specialtyKey('Dentistry')}&openNow=1` },
  });
  t.ok(buttons(opened).some((button) => button.text === `✓ ${FIND_TEXTS.en.openNowButton}`), 'Open now ticked');

  const [openOnly] = await h.say(kit.id, '/start near_45d74846_4d84671_1');
  t.same(namesIn(openOnly!.text), ['Cardio always open', 'Dentist one'], 'Open now alone');
  const [gone] = await h.say(kit.id, '/start near_45d74846_4d84671_0zzzzzz');
  t.same(namesIn(gone!.text), ['Cardio always open', 'Dentist one', 'Dentist two'], 'a specialty the directory no longer has: the point unnarrowed');
});

t.test('a near_ payload keeps the point alone when the filters would pass 64 characters', async (t) => {
  const point = { latitude: -33.8688, longitude: 151.2093 };
  t.equal(nearPayload({ point, specialtyKey: 'k3x9a', openNow: true }), '-33d86880_151d20930_1k3x9a');
  t.equal(nearPayload({ point, specialtyKey: null, openNow: false }), '-33d86880_151d20930');
  const long = 'a'.repeat(64 - 'near_-33d86880_151d20930_1'.length);
  t.equal(nearPayload({ point, specialtyKey: long, openNow: true }), `-33d86880_151d20930_1${long}`, 'exactly 64 fits');
  t.equal(nearPayload({ point, specialtyKey: `${long}b`, openNow: false }), '-33d86880_151d20930', 'one more falls back to the point');
  t.strictSame(parseNearPayload('-33d86880_151d20930_0with_under-score'), { point, specialtyKey: 'with_under-score', openNow: false }, 'a key may hold _ and -');
  t.strictSame(parseNearPayload('50_30'), { point: { latitude: 50, longitude: 30 }, specialtyKey: null, openNow: false }, 'old links keep working');
});

t.test('/start near_<lat>_<lon> answers the nearest contacts to that point, as a search', async (t) => {
  const dee = await aMember(h, group.id, { firstName: 'Dee' });
  const [answer, ...more] = await h.say(dee.id, '/start near_45d774_4d8357');
  t.same(more, []);
  t.same(namesIn(answer!.text), ['Cardio always open', 'Dentist one', 'Dentist two']);
  t.match(answer!.text, /^📍 <b>Medical contacts near Lyon, Auvergne-Rhône-Alpes, France<\/b>: 3\nSearches left today: 49 of 50\./);
  t.equal(await used(dee.id), 1, 'one daily request');
  t.match(await lastLog(h.sql, dee.id), { level: 'INFO', command: '/start', resultCount: 3, city: 'Lyon' });
  t.same(namesIn((await h.say(dee.id, '/start near_45_5'))[0]!.text), ['Cardio always open', 'Dentist one', 'Dentist two'], 'whole degrees need no d');
});

t.test('/start find_<specialty key> asks where to look for that specialty, and a location then answers it', async (t) => {
  const eve = await aMember(h, group.id, { firstName: 'Eve' });
  t.same(texts(await h.say(eve.id, `/start find_${specialtyKey('Dentistry')}`)), [FIND_TEXTS.en.askPlace('Dentistry', 10)]);
  const [answer] = await h.locate(eve.id, 45.774, 4.8357);
  t.same(namesIn(answer!.text), ['Dentist one', 'Dentist two']);
});

t.test('a start payload the bot does not know, or one that names nothing, gets the welcome', async (t) => {
  const fay = await aMember(h, group.id, { firstName: 'Fay' });
  const welcome = rendered('welcome', { first_name: 'Fay', searches_left: '50 of 50 searches left today' });
  for (const payload of ['near_91_0', 'near_45d7_x', 'near_1_2_3', 'near_45_5_x1', 'near_45_5_', 'near_45_5_2ab', 'near__5_1', 'find_zzzz', 'find_', 'hello', 'inline']) {
    const [reply, ...more] = await h.say(fay.id, `/start ${payload}`);
    t.same(more, [], payload);
    t.equal(reply!.text, welcome, `${payload}: the welcome`);
    t.strictSame(reply!.reply_keyboard, SHARE_KEYBOARD);
  }
  t.match(await lastLog(h.sql, fay.id), { level: 'INFO', message: 'Sent the welcome message for a start link the bot does not know', metadata: { payload: 'inline' } });
  t.equal(await used(fay.id), 0, 'no search was made');
});

/** Sends an inline query and resolves with the bot's answer once it has handled it. */
async function inline(userId: number, query: string, location?: { latitude: number; longitude: number }) {
  const sent = h.sim.sendInlineQuery(userId, query, location ? { location } : {});
  await h.handled(sent.update_id);
  return h.sim.inlineAnswer(sent.inline_query_id);
}
const articles = (answer: Awaited<ReturnType<typeof inline>>) => (answer?.results ?? []) as InlineQueryResultArticle[];

t.test('inline mode offers the nearest contacts around the location Telegram sends, each posting its card', async (t) => {
  const gus = await aMember(h, group.id, { firstName: 'Gus' });
  const answer = await inline(gus.id, 'dentist', { latitude: 45.774, longitude: 4.8357 });
  t.strictSame(articles(answer).map((result) => [result.id.length > 0, result.title, result.description]), [
    [true, 'Dentist one', 'Dentistry · 2.2 km'],
    [true, 'Dentist two', 'Dentistry · 3.3 km'],
  ]);
  t.match(answer, { cache_time: 0, is_personal: true });
  const content = articles(answer)[0]!.input_message_content as InputTextMessageContent;
  t.equal(content.parse_mode, 'HTML');
  t.equal(
    content.message_text,
    [
      '<b>Dentist one</b> · Dentistry',
      '🟢 Open 24/7',
      '📞 +44 20 7946 0004 · 🧭 <a href="https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&amp;route=45.774%2C4.8357%3B45.794%2C4.8357">Route</a>',
      '📍 in Lyon · 🗣 ✅ English',
      '⚠ Not checked yet',
    ].join('\n'),
  );
  t.same(articles(await inline(gus.id, 'Cardio always', { latitude: 45.774, longitude: 4.8357 })).map((result) => result.title), ['Cardio always open'], 'a contact\'s name');
  t.same(articles(await inline(gus.id, '', { latitude: 45.774, longitude: 4.8357 })).map((result) => result.title), ['Cardio always open', 'Dentist one', 'Dentist two'], 'nothing typed: every specialty');
  t.same(articles(await inline(gus.id, 'стоматолог', { latitude: 45.774, longitude: 4.8357 })).map((result) => result.title), ['Dentist one', 'Dentist two'], 'a specialty named in another language');
  t.equal(await used(gus.id), 0, 'free: no daily request');

  const asked = h.sim.sendInlineQuery(gus.id, 'dentist', { location: { latitude: 45.774, longitude: 4.8357 } });
  await h.handled(asked.update_id);
  const posted = h.sim.chooseInlineResult(gus.id, asked.inline_query_id, articles(h.sim.inlineAnswer(asked.inline_query_id))[0]!.id);
  await h.handled(posted.update_id);
  t.match(h.sim.messages(gus.id).at(-1), { from: { id: gus.id }, text: content.message_text, via_bot: { username: 'simulated_bot' } }, 'the chosen card, posted by the user via the bot');
  t.same(h.sim.botMessagesSince(gus.id, posted.message!.message_id), [], 'the bot leaves its own card alone');
});

t.test('without a location inline mode uses the latest search, else offers the private chat', async (t) => {
  const hal = await aMember(h, group.id, { firstName: 'Hal' });
  const none = await inline(hal.id, 'dentist');
  t.strictSame(none, { results: [], cache_time: 0, is_personal: true, button: { text: 'Share your location with the bot first', start_parameter: 'inline' } });
  await h.say(hal.id, '/start near_45d774_4d8357');
  t.same(articles(await inline(hal.id, 'dentist')).map((result) => result.title), ['Dentist one', 'Dentist two'], 'around the point searched last');
});

t.test('inline mode answers nobody the bot refuses: a blocked user, a non-member', async (t) => {
  const ivy = await aMember(h, group.id, { firstName: 'Ivy' });
  await h.say(ivy.id, '/start');
  await h.sql`UPDATE telegram_users SET is_blocked = true WHERE telegram_id = ${ivy.id}`;
  t.strictSame(await inline(ivy.id, 'dentist', { latitude: 45.774, longitude: 4.8357 }), { results: [], cache_time: 0, is_personal: true });
  t.match(await lastLog(h.sql, ivy.id), { level: 'WARN', message: 'Refused an inline query: blocked', command: 'inline_query' });
  const stranger = aUser(h, { firstName: 'Stranger' });
  t.strictSame(await inline(stranger.id, 'dentist', { latitude: 45.774, longitude: 4.8357 }), { results: [], cache_time: 0, is_personal: true });
});

t.test('inline queries are flood-controlled like messages', async (t) => {
  const flood = await createBotHarness(t, { floodControl: { burst: 5, perSecond: 1 } });
  const floodGroup = await anAuthorizedGroup(flood);
  const jo = await aMember(flood, floodGroup.id, { firstName: 'Jo' });
  const sent = Array.from({ length: 8 }, () => flood.sim.sendInlineQuery(jo.id, 'dentist', { location: { latitude: 45.774, longitude: 4.8357 } }));
  for (const delivery of sent) await flood.handled(delivery.update_id);
  t.equal(sent.filter((delivery) => flood.sim.inlineAnswer(delivery.inline_query_id)).length, 5, 'the burst of five answered, the rest dropped');
  t.match(await lastLog(flood.sql, jo.id), { level: 'WARN', message: 'Too many messages', command: 'inline_query' });
});
