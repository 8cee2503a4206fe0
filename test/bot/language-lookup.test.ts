import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, namesIn, texts } from '../helpers/bot-fixtures.js';
import { resolveSpokenLanguage } from '../../api/contract/spoken-languages.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 50 });

/** 0.01 degree of latitude is 1.113 km on the sphere earthdistance uses. */
const north = (point: { latitude: number; longitude: number }, degrees: number) => ({ latitude: point.latitude + degrees, longitude: point.longitude });
/** A member of the group whose Telegram speaks this language. */
async function aSpeaker(languageCode: string | undefined) {
  const user = await aMember(h, group.id);
  return h.sim.upsertUser({ id: user.id, first_name: user.first_name, ...(languageCode && { language_code: languageCode }) });
}

t.test('a Ukrainian speaker in Kyiv sees contacts who speak Ukrainian first among the nearly as near, Master of Medicine still first', async (t) => {
  const kyiv = { latitude: 50.4501, longitude: 30.5234 };
  await aContact(h.sql, { name: 'Master far', ...north(kyiv, 0.2), city: 'Kyiv', isMasterOfMedicine: true, languages: ['en'] });
  await aContact(h.sql, { name: 'Nearest', ...north(kyiv, 0.01), city: 'Kyiv', languages: ['en'] });
  await aContact(h.sql, { name: 'Second', ...north(kyiv, 0.012), city: 'Kyiv', languages: ['en', 'pl'] });
  await aContact(h.sql, { name: 'Speaks Ukrainian', ...north(kyiv, 0.014), city: 'Kyiv', languages: ['en', 'uk'] });
  await aContact(h.sql, { name: 'Speaks Ukrainian, 3x as far', ...north(kyiv, 0.03), city: 'Kyiv', languages: ['uk'] });

  const ukrainian = await aSpeaker('uk');
  const [answer] = texts(await h.locate(ukrainian.id, kyiv.latitude, kyiv.longitude));
  t.same(namesIn(answer), ['Master far', 'Speaks Ukrainian', 'Nearest', 'Second', 'Speaks Ukrainian, 3x as far']);
  t.match(answer, '<b>2. Speaks Ukrainian</b> · Сімейна медицина\n📞 ', 'the speaker within 1.5 times the nearest comes second, with the specialty in their language');
  t.match(answer, '📏 1,6 км · Kyiv · 🗣 ✅ українська, англійська', 'its languages, named in theirs, say which matches, first');
  t.match(answer, '📏 3,3 км · Kyiv · 🗣 ✅ українська');
  t.match(answer, '📏 1,1 км · Kyiv · 🗣 англійська\n', 'a contact who does not speak it is listed as before');
  t.match(answer, '<b>1. ⭐ Master far</b>', 'the master, marked as the heading above says');
  t.match(answer, '📏 22 км · Kyiv · 🗣 англійська\n', 'though not a speaker');

  const english = await aSpeaker(undefined);
  const [inEnglish] = texts(await h.locate(english.id, kyiv.latitude, kyiv.longitude));
  t.same(namesIn(inEnglish), ['Master far', 'Nearest', 'Second', 'Speaks Ukrainian', 'Speaks Ukrainian, 3x as far'], 'without a language of their own, the default (English): everyone but one speaks it');
  t.match(inEnglish, '📏 1.3 km · Kyiv · 🗣 ✅ English, Polish');
  t.match(inEnglish, '📏 3.3 km · Kyiv · 🗣 Ukrainian');
});

t.test('a contact entered as "Deutsch, English" speaks German: ✅ for a German speaker, named in each reader\'s language', async (t) => {
  const berlin = { latitude: 52.52, longitude: 13.405 };
  // As the contact form and the CSV import read what staff type.
  const languages = ['Deutsch', 'English'].map((name) => resolveSpokenLanguage(name)!);
  await aContact(h.sql, { name: 'Dr Kinder', ...north(berlin, 0.01), city: 'Berlin', country: 'DE', languages });
  const german = await aSpeaker('de');
  const [inGerman] = texts(await h.locate(german.id, berlin.latitude, berlin.longitude));
  t.match(inGerman, /📏 1,1 km · Berlin · 🗣 ✅ Deutsch, Englisch$/m);
  const ukrainian = await aSpeaker('uk');
  const [inUkrainian] = texts(await h.locate(ukrainian.id, berlin.latitude, berlin.longitude));
  t.match(inUkrainian, /📏 1,1 км · Berlin · 🗣 німецька, англійська$/m, 'no ✅ for someone who does not speak either');
});

t.test('city names in another script or language find the place', async (t) => {
  const user = await aMember(h, group.id);
  for (const [typed, label] of [
    ['Київ', 'Kyiv, Kyiv City, Ukraine'],
    ['München', 'Munich, Bavaria, Germany'],
    ['munchen', 'Munich, Bavaria, Germany'],
    ['Kijów', 'Kyiv, Kyiv City, Ukraine'],
    ['LISBOA', 'Lisbon, Lisbon, Portugal'],
  ]) {
    const [question] = await h.say(user.id, typed!);
    const buttons = question!.reply_markup!.inline_keyboard.flat().map((button) => button.text);
    t.same(buttons[0], label, `"${typed}" finds ${label}`);
  }
  const ukrainian = await aMember(h, group.id, { languageCode: 'uk' });
  const [question] = await h.say(ukrainian.id, 'München');
  t.same(question!.reply_markup!.inline_keyboard.flat()[0]!.text, 'Мюнхен, Німеччина', 'the place and its country are named in the user\'s language');
});
