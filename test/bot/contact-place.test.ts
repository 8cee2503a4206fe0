import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, texts } from '../helpers/bot-fixtures.js';
import { parseTelegramHtml } from '../../api/contract/telegram-html.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 50 });

/** Berlin's centre in the gazetteer: where a contact placed only by its city stands. */
const BERLIN = { latitude: 52.52437, longitude: 13.41053 };
/** The route the card links, from the centre to the contact placed at its address. */
const ROUTE_TO_EXACT = 'https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&amp;route=52.52437%2C13.41053%3B52.53%2C13.41053';
// A paediatrician typed in German: "030 1234567" in Deutschland, no address, stored as the API stores it.
const kinder = await aContact(h.sql, {
  name: 'Dr Kinder',
  phone: '+49301234567',
  specialty: 'Pediatrics',
  city: 'Berlin',
  country: 'DE',
  ...BERLIN,
  locationApproximate: true,
  languages: ['de'],
});
await aContact(h.sql, { name: 'Dr Exact', phone: '+49 30 7654321', city: 'Berlin', country: 'DE', latitude: 52.53, longitude: 13.41053, languages: ['de'] });

async function aSpeaker(languageCode: string) {
  const user = await aMember(h, group.id);
  return h.sim.upsertUser({ id: user.id, first_name: user.first_name, language_code: languageCode });
}

/** The card of the contact with this name in an answer. */
const card = (answer: string | undefined, name: string) => (answer ?? '').split('\n\n').find((part) => part.includes(`${name}</b>`));

t.test("a contact placed by its city alone: \"in Berlin\" instead of a distance, and its phone as Telegram links it, in German and Ukrainian", async (t) => {
  const german = await aSpeaker('de');
  const [inGerman] = texts(await h.locate(german.id, BERLIN.latitude, BERLIN.longitude));
  t.equal(card(inGerman, 'Dr Kinder'), '<b>1. Dr Kinder</b> · Kinderheilkunde\n📞 +49 30 1234567\n📍 in Berlin · 🗣 ✅ Deutsch\n⚠ Noch nicht geprüft', 'no "0 m" to someone at the centre');
  t.equal(card(inGerman, 'Dr Exact'), `<b>2. Dr Exact</b> · Allgemeinmedizin\n📞 +49 30 7654321 · 🧭 <a href="${ROUTE_TO_EXACT}">Route</a>\n📏 627 m · Berlin · 🗣 ✅ Deutsch\n⚠ Noch nicht geprüft`, 'a contact at its address keeps its distance');

  const ukrainian = await aSpeaker('uk');
  const [inUkrainian] = texts(await h.locate(ukrainian.id, BERLIN.latitude, BERLIN.longitude));
  t.equal(card(inUkrainian, 'Dr Kinder'), '<b>1. Dr Kinder</b> · Педіатрія\n📞 +49 30 1234567\n📍 у місті Berlin · 🗣 німецька\n⚠ Ще не перевірено');

  // Telegram makes a number in the international form a phone_number entity, unless markup covers it.
  const { text, entities } = parseTelegramHtml(inUkrainian!);
  const at = text.indexOf('+49 30 1234567');
  t.ok(at > 0, 'the phone is in the text as people dial it from abroad');
  t.strictSame(entities.filter((entity) => entity.offset < at + 14 && at < entity.offset + entity.length), [], 'as plain text, which a tap calls');
});

t.test("📍 on such a contact says the pin stands on the city's centre", async (t) => {
  const german = await aSpeaker('de');
  const [answer] = await h.locate(german.id, BERLIN.latitude, BERLIN.longitude);
  // "📍 Auf der Karte zeigen" opens the choice of the answer's contacts in place of its keyboard.
  const showOnMap = answer!.reply_markup!.inline_keyboard.flat().find((button) => button.text === '📍 Auf der Karte zeigen');
  await h.press(german.id, german.id, answer!.message_id, (showOnMap as { callback_data: string }).callback_data);
  const [venue] = await h.press(german.id, german.id, answer!.message_id, `venue:${kinder.id}`);
  t.strictSame(venue!.venue, { location: BERLIN, title: 'Dr Kinder', address: 'Berlin, Deutschland (Stadtzentrum: die Adresse ist nicht bekannt)' });
});
