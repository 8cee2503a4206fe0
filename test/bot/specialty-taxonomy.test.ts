import t from 'tap';
import type { ChatMessage } from '../../bot/simulator/index.js';
import type { MedicalContact } from '../../api/contract/medical-contacts.js';
import { createBotHarness } from '../helpers/bot.js';
import { createTestApp } from '../helpers/app.js';
import { aMember, anAuthorizedGroup, namesIn } from '../helpers/bot-fixtures.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 50 });
// Staff work through the API on the bot's database, as in the product.
const api = await createTestApp(t, { db: h.db });
const admin = await api.userWithToken('admin');
const editor = await api.userWithToken('editor');

const BERLIN = { city: 'Berlin', region: 'Berlin', country: 'DE', latitude: 52.52, longitude: 13.405 };
/** A contact entered as a German editor would type it. */
async function enter(name: string, specialty: string, offset: number): Promise<MedicalContact> {
  const response = await api.call(editor.token, {
    method: 'POST',
    url: '/api/medical-contacts',
    payload: { ...BERLIN, latitude: BERLIN.latitude + offset, name, phone: `+49 30 5555 ${String(Math.round(offset * 1000)).padStart(4, '0')}`, specialty },
  });
  if (response.statusCode !== 201) throw new Error(`entering ${name} answered ${response.statusCode}: ${response.body}`);
  return response.json<MedicalContact>();
}

await enter('Kinderarztpraxis Mitte', 'Kinderarzt', 0.001);
const sleep = await api.call(admin.token, { method: 'POST', url: '/api/specialties', payload: { names: { en: 'Sleep Medicine', de: 'Schlafmedizin', uk: 'Сомнологія' } } });
if (sleep.statusCode !== 201) throw new Error(`adding Sleep Medicine answered ${sleep.statusCode}: ${sleep.body}`);
await enter('Schlaflabor Charité', 'Schlafmedizin', 0.002);

/** The specialty each card names, after the contact's name. */
const cardSpecialties = (message: ChatMessage | undefined) => [...(message?.text ?? '').matchAll(/<\/b> · ([^\n]+)/g)].map((match) => match[1]);
/** The answer's specialty button ("✓ Pediatrics ▾"), and the choice it opens in place of the keyboard. */
async function specialtyButtons(message: ChatMessage | undefined): Promise<string[]> {
  const opener = (message?.reply_markup?.inline_keyboard ?? []).flat().find((button) => button.text.endsWith('▾'));
  if (!opener || !('callback_data' in opener)) return [];
  await h.press(message!.chat_id, message!.chat_id, message!.message_id, opener.callback_data);
  const opened = h.sim.messages(message!.chat_id).find((candidate) => candidate.message_id === message!.message_id);
  const choice = (opened?.reply_markup?.inline_keyboard ?? []).flat().map((button) => button.text).filter((text) => / · \d+$/.test(text));
  return [opener.text, ...choice];
}

t.test('a contact entered as "Kinderarzt" is Pediatrics: found by its names in English, German and Ukrainian, and named in each', async (t) => {
  const cases = [
    { language: 'en', text: 'pediatrician Berlin', named: 'Pediatrics' },
    { language: 'de', text: 'Kinderarzt Berlin', named: 'Kinderheilkunde' },
    { language: 'uk', text: 'педіатр Берлін', named: 'Педіатрія' },
  ];
  for (const { language, text, named } of cases) {
    const user = await aMember(h, group.id, { languageCode: language });
    const [answer, ...more] = await h.say(user.id, text);
    t.same(more, [], text);
    t.same(namesIn(answer?.text), ['Kinderarztpraxis Mitte'], `${text}: found`);
    t.match(answer?.text, `🔎 ${named}`, `${text}: the search named in ${language}`);
    t.same(cardSpecialties(answer), [named], `${text}: the card names the specialty in ${language}`);
    t.same(await specialtyButtons(answer), [`✓ ${named} ▾`, `✓ ${named} · 1`, `${language === 'de' ? 'Schlafmedizin' : language === 'uk' ? 'Сомнологія' : 'Sleep Medicine'} · 1`], `${text}: the buttons too`);
  }
});

t.test('a specialty staff added is found by each of its names and named in the user\'s language, else in English', async (t) => {
  const cases = [
    { language: 'de', text: 'Schlafmedizin Berlin', named: 'Schlafmedizin' },
    { language: 'uk', text: 'сомнологія Берлін', named: 'Сомнологія' },
    { language: 'fr', text: 'sleep medicine Berlin', named: 'Sleep Medicine' },
  ];
  for (const { language, text, named } of cases) {
    const user = await aMember(h, group.id, { languageCode: language });
    const [answer] = await h.say(user.id, text);
    t.same(namesIn(answer?.text), ['Schlaflabor Charité'], `${text}: found`);
    t.same(cardSpecialties(answer), [named], `${text}: named in ${language}${language === 'fr' ? ', which it has no name in: English' : ''}`);
  }
});

t.test('renamed in Settings, the specialty is found by its new name at once', async (t) => {
  const { id } = sleep.json<{ id: number }>();
  const renamed = await api.call(admin.token, { method: 'PATCH', url: `/api/specialties/${id}`, payload: { names: { en: 'Sleep Disorders', de: 'Schlafstörungen' } } });
  t.equal(renamed.statusCode, 200, renamed.body);
  const user = await aMember(h, group.id, { languageCode: 'de' });
  const [answer] = await h.say(user.id, 'Schlafstörungen Berlin');
  t.same(namesIn(answer?.text), ['Schlaflabor Charité']);
  t.same(cardSpecialties(answer), ['Schlafstörungen']);
});
