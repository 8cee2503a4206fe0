import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, lastLog, namesIn, refusal, rendered, texts } from '../helpers/bot-fixtures.js';
import { renderTemplate } from '../../api/contract/message-templates.js';
import { BOT_TEXTS } from '../../bot/locales/index.js';
import { FIND_TEXTS } from '../../bot/locales/find.js';
import { PLACE_TEXTS } from '../../bot/locales/places.js';
import type { ChatMessage } from '../../bot/simulator/index.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 50 });

/** The button labels of a message, row by row. */
const buttonsOf = (message: ChatMessage | undefined) => (message?.reply_markup?.inline_keyboard ?? []).flat().map((button) => button.text);
/** The callback data of a message's buttons. */
const dataOf = (message: ChatMessage | undefined) => (message?.reply_markup?.inline_keyboard ?? []).flat().map((button) => ('callback_data' in button ? button.callback_data : undefined));

const confirmation = (language: 'en' | 'uk' | 'de', city: string) => renderTemplate(BOT_TEXTS[language].templates.location_confirmation, { city });

const KYIV = { latitude: 50.4501, longitude: 30.5234 };
/** A card's route link from the answer's point to the contact ("lat,lon" each), as the answer's HTML writes it. */
const route = (from: string, to: string, label: string) =>
  `🧭 <a href="https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&amp;route=${from.replace(',', '%2C')}%3B${to.replace(',', '%2C')}">${label}</a>`;
/** Kyiv's point in the gazetteer: an answer for the place chosen is about it. */
const KYIV_PLACE = '50.45466,30.5238';
const DUBLIN = { latitude: 53.3498, longitude: -6.2603 };
const DUBLIN_POINT = `${DUBLIN.latitude},${DUBLIN.longitude}`;

t.test('Київ, Киев and Kiev find the one place, which each user sees named in their language', async (t) => {
  const ukrainian = await aMember(h, group.id, { languageCode: 'uk' });
  for (const typed of ['Київ', 'Киев', 'Kiev', 'kyiv']) {
    const [question, ...more] = await h.say(ukrainian.id, typed);
    t.same(more, []);
    t.equal(question!.text, confirmation('uk', 'Київ, Україна'), typed);
    t.same(buttonsOf(question), ['Київ, Україна', '✖ Скасувати'], typed);
    t.same(dataOf(question), ['place:703448', 'place:cancel'], `${typed}: Kyiv's GeoNames id`);
  }
  const english = await aMember(h, group.id);
  const [inEnglish] = await h.say(english.id, 'Київ');
  t.equal(inEnglish!.text, confirmation('en', 'Kyiv, Kyiv City, Ukraine'), 'English keeps the region');
  const german = await aMember(h, group.id, { languageCode: 'de' });
  const [inGerman] = await h.say(german.id, 'Kiev');
  t.equal(inGerman!.text, confirmation('de', 'Kiew, Ukraine'));
  t.same(buttonsOf(inGerman), ['Kiew, Ukraine', '✖ Abbrechen']);
});

t.test('the answer near a place names it in the user\'s language and ends with the emergency number', async (t) => {
  await aContact(h.sql, { name: 'Kyiv GP', latitude: KYIV.latitude + 0.01, longitude: KYIV.longitude, city: 'Київ', phone: '+380 44 000 0001', languages: ['uk'] });
  const ukrainian = await aMember(h, group.id, { languageCode: 'uk' });
  const [question] = await h.say(ukrainian.id, 'Київ');
  const [answer, ...more] = texts(await h.press(ukrainian.id, ukrainian.id, question!.message_id, 'place:703448'));
  t.same(more, []);
  t.equal(
    answer,
    [
      renderTemplate(BOT_TEXTS.uk.templates.location_result, { city: 'Київ, Україна', count: 1, remaining: 49, daily_limit: 50 }),
      `<b>1. Kyiv GP</b> · Сімейна медицина\n📞 +380 44 000 0001 · ${route(KYIV_PLACE, '50.4601,30.5234', 'Маршрут')}\n📏 606 м · Київ · 🗣 ✅ українська\n⚠ Ще не перевірено`,
      '🚑 У разі невідкладної ситуації телефонуйте 103.',
    ].join('\n\n'),
  );
  t.match(await lastLog(h.sql, ukrainian.id), { level: 'INFO', city: 'Kyiv', region: 'Kyiv City', country: 'Ukraine' }, 'the log keeps the gazetteer\'s English names');
});

t.test('München to a German user is München; Мюнхен to a Ukrainian one is Мюнхен', async (t) => {
  const german = await aMember(h, group.id, { languageCode: 'de' });
  const [question] = await h.say(german.id, 'München');
  t.equal(question!.text, confirmation('de', 'München, Deutschland'));
  t.same(buttonsOf(question), ['München, Deutschland', '✖ Abbrechen']);
  const ukrainian = await aMember(h, group.id, { languageCode: 'uk' });
  const [inUkrainian] = await h.say(ukrainian.id, 'Мюнхен');
  t.equal(inUkrainian!.text, confirmation('uk', 'Мюнхен, Німеччина'));
  t.match(
    await lastLog(h.sql, ukrainian.id),
    { level: 'INFO', message: 'Asked to confirm a place', city: null, metadata: { query: 'Мюнхен', place: 'Munich, Bavaria, Germany' } },
    'the log keeps the text as typed and the place offered, in English, for the Bot Logs search',
  );
  const english = await aMember(h, group.id);
  const [inEnglish] = await h.say(english.id, 'Monachium');
  t.equal(inEnglish!.text, confirmation('en', 'Munich, Bavaria, Germany'), 'a Polish name finds it too');
});

t.test('Russian and Belarusian spellings find their places', async (t) => {
  const ukrainian = await aMember(h, group.id, { languageCode: 'uk' });
  for (const [typed, city] of [['Санкт-Петербург', 'Санкт-Петербург, Росія'], ['Минск', 'Мінськ, Білорусь'], ['Мінск', 'Мінськ, Білорусь'], ['Харьков', 'Харків, Україна']] as const) {
    const [question] = await h.say(ukrainian.id, typed);
    t.equal(question!.text, confirmation('uk', city), typed);
  }
});

t.test('"Did you mean" names the place meant, never the text as typed', async (t) => {
  const english = await aMember(h, group.id);
  const [inEnglish] = await h.say(english.id, 'Londn');
  t.equal(inEnglish!.text, confirmation('en', 'London, England, United Kingdom'));
  t.equal(buttonsOf(inEnglish)[0], 'London, England, United Kingdom');
  const ukrainian = await aMember(h, group.id, { languageCode: 'uk' });
  const [inUkrainian] = await h.say(ukrainian.id, 'Londn');
  t.equal(inUkrainian!.text, confirmation('uk', 'Лондон, Велика Британія'));
  t.equal(buttonsOf(inUkrainian)[0], 'Лондон, Велика Британія');
  const german = await aMember(h, group.id, { languageCode: 'de' });
  const [inGerman] = await h.say(german.id, 'Londn');
  t.equal(inGerman!.text, confirmation('de', 'London, Vereinigtes Königreich'));
});

t.test('a place name that matches none: "I could not find …" with the nearest spellings as buttons', async (t) => {
  const english = await aMember(h, group.id);
  const [answer, ...more] = await h.say(english.id, 'Londonburg');
  t.same(more, []);
  t.equal(answer!.text, PLACE_TEXTS.en.nearestSpellings('Londonburg'));
  t.same(buttonsOf(answer), ['London, England, United Kingdom', 'London, Ontario, Canada', 'East London, Eastern Cape, South Africa', '✖ Cancel']);
  t.match(await lastLog(h.sql, english.id), { level: 'WARN', message: 'No place matches the text', metadata: { query: 'Londonburg', placeIds: [2643743, 6058560, 1006984] } });

  const ukrainian = await aMember(h, group.id, { languageCode: 'uk' });
  const [inUkrainian] = await h.say(ukrainian.id, 'Londonburg');
  t.equal(inUkrainian!.text, 'Не вдалося знайти місце «Londonburg». Можливо, ви мали на увазі одне з цих?');
  t.same(buttonsOf(inUkrainian), ['Лондон, Велика Британія', 'London, Канада', 'East London, Південно-Африканська Республіка', '✖ Скасувати']);
  const german = await aMember(h, group.id, { languageCode: 'de' });
  const [inGerman] = await h.say(german.id, 'Londonburg');
  t.equal(inGerman!.text, 'Den Ort „Londonburg“ habe ich nicht gefunden. Meinten Sie einen dieser Orte?');
  t.same(buttonsOf(inGerman), ['London, Vereinigtes Königreich', 'London, Kanada', 'East London, Südafrika', '✖ Abbrechen']);

  const [nothingLike] = await h.say(english.id, 'Xyzzyq');
  t.equal(nothingLike!.text, FIND_TEXTS.en.unknownPlace('Xyzzyq'), 'no spelling near: the sentence alone');
  t.same(buttonsOf(nothingLike), []);
  const [sentence] = await h.say(english.id, 'what should I do now');
  t.equal(sentence!.text, rendered('help', { searches_left: '50 of 50 searches left today' }), 'a sentence is no place name: the help');
});

t.test('no contact within the radius: the nearest beyond it, farther than usual, and the emergency number', async (t) => {
  // Dublin has none within 100 km; the nearest lie across the sea. A Master of Medicine is no nearer for it.
  await aContact(h.sql, { name: 'Liverpool GP', latitude: 53.4084, longitude: -2.9916, city: 'Liverpool', phone: '+44 151 496 0001' });
  await aContact(h.sql, { name: 'Manchester GP', latitude: 53.4808, longitude: -2.2426, city: 'Manchester', phone: '+44 161 496 0001' });
  await aContact(h.sql, { name: 'Master in Leeds', latitude: 53.8008, longitude: -1.5491, city: 'Leeds', phone: '+44 113 496 0001', isMasterOfMedicine: true });
  await aContact(h.sql, { name: 'London GP', latitude: 51.5074, longitude: -0.1278, city: 'London', phone: '+44 20 7946 0001' });

  const english = await aMember(h, group.id);
  const [answer, ...more] = texts(await h.locate(english.id, DUBLIN.latitude, DUBLIN.longitude));
  t.same(more, []);
  t.equal(
    answer,
    [
      refusal(PLACE_TEXTS.en.nearestBeyond(100, 'Dublin, Leinster, Ireland')),
      `<b>1. Liverpool GP</b> · General Practice\n📞 +44 151 496 0001 · ${route(DUBLIN_POINT, '53.4084,-2.9916', 'Route')}\n📏 217 km · Liverpool · 🗣 ✅ English\n⚠ Not checked yet`,
      `<b>2. Manchester GP</b> · General Practice\n📞 +44 161 496 0001 · ${route(DUBLIN_POINT, '53.4808,-2.2426', 'Route')}\n📏 267 km · Manchester · 🗣 ✅ English\n⚠ Not checked yet`,
      `<b>3. ⭐ Master in Leeds</b> · General Practice\n📞 +44 113 496 0001 · ${route(DUBLIN_POINT, '53.8008,-1.5491', 'Route')}\n📏 315 km · Leeds · 🗣 ✅ English\n⚠ Not checked yet`,
      '🚑 In an emergency call 112.',
    ].join('\n\n'),
  );
  const log = await lastLog(h.sql, english.id);
  t.match(log, { level: 'WARN', message: 'No contacts within the search radius', resultCount: 0, city: 'Dublin', country: 'Ireland' });
  t.equal((log!.metadata as { beyondRadius: number[] }).beyondRadius.length, 3);
  const [usage] = await h.sql<{ used: number }[]>`SELECT coalesce(sum(used), 0)::int AS used FROM daily_usage WHERE telegram_id = ${english.id}`;
  t.equal(usage!.used, 0, 'no search was taken');

  const ukrainian = await aMember(h, group.id, { languageCode: 'uk' });
  const [inUkrainian] = texts(await h.locate(ukrainian.id, DUBLIN.latitude, DUBLIN.longitude));
  t.ok(inUkrainian!.startsWith(refusal(PLACE_TEXTS.uk.nearestBeyond(100, 'Дублін, Ірландія'))));
  t.same(namesIn(inUkrainian), ['Liverpool GP', 'Manchester GP', 'Master in Leeds']);
  t.match(inUkrainian, '📏 217 км · Liverpool · 🗣 англійська');
  t.ok(inUkrainian!.endsWith('\n\n🚑 У разі невідкладної ситуації телефонуйте 112.'));

  const german = await aMember(h, group.id, { languageCode: 'de' });
  const [inGerman] = texts(await h.locate(german.id, DUBLIN.latitude, DUBLIN.longitude));
  t.ok(inGerman!.startsWith(refusal('Im Umkreis von 100 km um Dublin, Irland wurden keine medizinischen Kontakte gefunden. Die nächsten sind weiter entfernt als üblich:')));
  t.same(namesIn(inGerman), ['Liverpool GP', 'Manchester GP', 'Master in Leeds']);
  t.ok(inGerman!.endsWith('\n\n🚑 Im Notfall rufen Sie 112 an.'));
});
