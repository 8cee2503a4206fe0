import t from 'tap';
import type { InlineKeyboardButton, Update } from 'grammy/types';
import type { ChatMessage, SimulatedUser } from '../../bot/simulator/index.js';
import { anotherInstance, createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, lastLog, namesIn } from '../helpers/bot-fixtures.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 50 });
const LYON = { latitude: 45.764, longitude: 4.8357 };
/** 0.01 degree of latitude is 1.113 km. */
const lyon = (degrees: number) => ({ latitude: LYON.latitude + degrees, longitude: LYON.longitude, city: 'Lyon', country: 'FR' });
await aContact(h.sql, { name: 'Lyon GP', specialty: 'General Practice', ...lyon(0.005) });
await aContact(h.sql, { name: 'Cardio', specialty: 'Cardiology', ...lyon(0.01) });
await aContact(h.sql, { name: 'Dentist one', specialty: 'Dentistry', ...lyon(0.03) });
await aContact(h.sql, { name: 'Dentist two', specialty: 'Dentistry', ...lyon(0.04) });
const EVERYONE = ['Lyon GP', 'Cardio', 'Dentist one', 'Dentist two'];

/** The ways to ask for dentists without a place, and how the answer to the next location says it, per language. */
const ASKS = [
  { language: 'en', ask: '/find dentist', nearYou: '🔎 Dentistry near you', all: 'All specialties' },
  { language: 'uk', ask: 'стоматолог', nearYou: '🔎 Стоматологія поруч із вами', all: 'Усі спеціальності' },
  { language: 'de', ask: '/find Zahnarzt', nearYou: '🔎 Zahnmedizin in Ihrer Nähe', all: 'Alle Fachrichtungen' },
] as const;

const buttonsOf = (message: ChatMessage | undefined) => (message?.reply_markup?.inline_keyboard ?? []).flat() as InlineKeyboardButton.CallbackButton[];
const button = (message: ChatMessage | undefined, text: string) => buttonsOf(message).find((candidate) => candidate.text === text)?.callback_data;
/** The line under an answer's header: what the search was narrowed to, if anything. */
const narrowedLine = (message: ChatMessage | undefined) => message?.text?.split('\n\n')[1];

/** Asks for dentists, then sends a location `after` ms later; the answer. */
async function askThenLocate(user: SimulatedUser, ask: string, after: number): Promise<ChatMessage> {
  await h.say(user.id, ask);
  h.clock.advance(after);
  const [answer] = await h.locate(user.id, LYON.latitude, LYON.longitude);
  return answer!;
}

t.test('a specialty asked for, then a location within 10 minutes: that specialty near it, said so, with a button to every specialty', async (t) => {
  for (const { language, ask, nearYou, all } of ASKS) {
    const user = await aMember(h, group.id, { languageCode: language });
    const answer = await askThenLocate(user, ask, 10 * 60 * 1000);
    t.same(namesIn(answer.text), ['Dentist one', 'Dentist two'], `${language}: dentists only`);
    t.equal(narrowedLine(answer), nearYou, `${language}: said so`);
    t.match(await lastLog(h.sql, user.id), { level: 'INFO', command: 'location', resultCount: 2, metadata: { specialty: 'Dentistry', asked: true } });

    const [everyone] = await h.press(user.id, user.id, answer.message_id, button(answer, all)!);
    t.same(namesIn(everyone!.text), EVERYONE, `${language}: the button shows every specialty`);
    t.notOk(narrowedLine(everyone)?.startsWith('🔎'), 'and the answer is not narrowed');
  }
});

t.test('after 10 minutes a location is answered with every specialty, as any location', async (t) => {
  for (const { language, ask, all } of ASKS) {
    const user = await aMember(h, group.id, { languageCode: language });
    const answer = await askThenLocate(user, ask, 10 * 60 * 1000 + 1000);
    t.same(namesIn(answer.text), EVERYONE, `${language}: all specialties`);
    t.notOk(narrowedLine(answer)?.startsWith('🔎'), `${language}: not narrowed`);
    t.equal(button(answer, all), undefined, `${language}: nothing to widen`);
  }
});

t.test('the specialty asked for holds for its 10 minutes, until another is asked for; a typed city is not a location', async (t) => {
  const user = await aMember(h, group.id);
  await askThenLocate(user, 'dentist', 60 * 1000);
  h.clock.advance(60 * 1000);
  const [again] = await h.locate(user.id, LYON.latitude, LYON.longitude);
  t.same(namesIn(again!.text), ['Dentist one', 'Dentist two'], 'a second location within the 10 minutes');
  const cardiology = await askThenLocate(user, '/find cardiology', 60 * 1000);
  t.same(namesIn(cardiology.text), ['Cardio'], 'the last specialty asked for');
  t.equal(narrowedLine(cardiology), '🔎 Cardiology near you');
});

t.test('kept by the ask\'s own claim, read on any instance: the answer pays one claim, with its daily request', async (t) => {
  const instanceB = await anotherInstance(t, h);
  const other = instanceB.bot;
  const user = await aMember(h, group.id);
  let updateId = 800_000_000;
  const chat = { id: user.id, type: 'private' as const, first_name: user.first_name };
  const from = { id: user.id, is_bot: false, first_name: user.first_name };
  /** Instance B gets a message of the user, as Telegram would post it. */
  const onOther = async (message: Record<string, unknown>) => {
    const before = h.sim.messages(user.id).at(-1)?.message_id ?? 0;
    updateId += 1;
    await other.handleUpdate({ update_id: updateId, message: { message_id: updateId, date: Math.floor(h.clock.now().getTime() / 1000), chat, from, ...message } } as Update);
    return h.sim.botMessagesSince(user.id, before);
  };
  const locate = () => onOther({ location: LYON });
  t.same(namesIn((await locate())[0]!.text), EVERYONE, 'B warms its memory of the user');

  instanceB.countFromNow();
  await onOther({ text: 'dentist' });
  t.equal(instanceB.statements(), 1, 'the ask: its claim, which keeps the specialty');
  instanceB.countFromNow();
  t.same(namesIn((await locate())[0]!.text), ['Dentist one', 'Dentist two']);
  t.equal(instanceB.statements(), 2, 'the answer: the user read again (the ask moved their counter) and the claim with the daily request');

  // Asked on instance A, whose write B's memory does not know: B's claim finds the user moved and reads them again.
  h.clock.advance(11 * 60 * 1000);
  await h.say(user.id, '/find cardiology');
  t.same(namesIn((await locate())[0]!.text), ['Cardio']);
});
