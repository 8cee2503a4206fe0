import t from 'tap';
import type { InlineKeyboardButton, Update } from 'grammy/types';
import type { ChatMessage } from '../../bot/simulator/index.js';
import { FIND_TEXTS } from '../../bot/locales/find.js';
import { specialtyKey } from '../../bot/answering/specialties.js';
import { BOT_TEXTS } from '../../bot/locales/index.js';
import { anotherInstance, createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, lastLog, namesIn, refusal, rendered, texts, withSettings } from '../helpers/bot-fixtures.js';
import { renderTemplate } from '../../api/contract/message-templates.js';
import { seedDefaultTemplates } from '../../bot/replies/default-templates.js';
import { HELP_BEFORE_FIND } from '../../bot/locales/help-before-find.js';

// Saturday 21 November 2026, 11:00 in Lyon (Europe/Paris).
const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 50 });
const LYON = 'Lyon, Auvergne-Rhône-Alpes, France';

/** 0.01 degree of latitude is 1.113 km. */
const lyon = (degrees: number) => ({ latitude: 45.764 + degrees, longitude: 4.8357, city: 'Lyon', country: 'FR' });
await aContact(h.sql, { name: 'Cardio always open', specialty: 'Cardiology', availableHours: '24/7', ...lyon(0.02) });
await aContact(h.sql, { name: 'Cardio weekday mornings', specialty: 'Cardiology', availableHours: 'Mo-Fr 09:00-10:00', ...lyon(0.01) });
await aContact(h.sql, { name: 'Dentist one', specialty: 'Dentistry', availableHours: 'Mo-Sa 08:00-18:00', ...lyon(0.03) });
await aContact(h.sql, { name: 'Dentist two', specialty: 'Dentistry', availableHours: 'Mo-Fr 08:00-18:00', ...lyon(0.04) });
await aContact(h.sql, { name: 'Lyon GP', specialty: 'General Practice', availableHours: 'not a pattern', ...lyon(0.005) });

const positionsIn = (text: string | undefined) => [...(text ?? '').matchAll(/<b>(\d+)\. /g)].map((match) => Number(match[1]));
/** The message as the chat holds it now: its keyboard as the presses that edited it left it. */
const current = (message: ChatMessage | undefined) => h.sim.messages(message!.chat_id).find((candidate) => candidate.message_id === message!.message_id)!;
const buttonsOf = (message: ChatMessage | undefined) => (current(message).reply_markup?.inline_keyboard ?? []) as InlineKeyboardButton.CallbackButton[][];
/** The labels of the message's keyboard, row by row. */
const labelsOf = (message: ChatMessage | undefined) => buttonsOf(message).map((row) => row.map((button) => button.text));
const find = (message: ChatMessage | undefined, text: string) => buttonsOf(message).flat().find((candidate) => candidate.text === text);
/** Presses the specialty button (Specialty ▾, or the chosen one's) under an answer: its choice replaces the keyboard. */
async function openSpecialties(message: ChatMessage | undefined) {
  const opener = buttonsOf(message).flat().find((candidate) => candidate.text.endsWith('▾'));
  if (!opener) throw new Error('no specialty button');
  const sent = await h.press(message!.chat_id, message!.chat_id, message!.message_id, opener.callback_data);
  if (sent.length > 0) throw new Error('the choice opens in place, sending nothing');
}
/** The specialties to choose from under an answer, then ◀ Back, as a user looks and returns. */
async function specialtiesOf(message: ChatMessage | undefined): Promise<string[][]> {
  await openSpecialties(message);
  const choice = labelsOf(message);
  const back = buttonsOf(message).at(-1)![0]!;
  await h.press(message!.chat_id, message!.chat_id, message!.message_id, back.callback_data);
  return choice;
}
/** The data of a button under the message; a specialty's, from the choice its button opens. */
const button = async (message: ChatMessage | undefined, text: string) => {
  if (!find(message, text)) await openSpecialties(message);
  const found = find(message, text);
  if (!found) throw new Error(`no button "${text}"`);
  return found.callback_data;
};
/** Presses the button with this label under the message; the bot's new messages. */
const press = async (userId: number, message: ChatMessage | undefined, text: string) => h.press(userId, userId, message!.message_id, await button(message, text));
const used = async (userId: number) => (await h.sql`SELECT used FROM daily_usage WHERE telegram_id = ${userId}`).reduce((sum, row) => sum + Number(row.used), 0);

t.test('/find with a specialty and a city answers that specialty near the city, with buttons to narrow it', async (t) => {
  const user = await aMember(h, group.id);
  const [answer, ...more] = await h.say(user.id, '/find cardiology Lyon');
  t.same(more, []);
  t.equal(
    answer!.text!.split('\n\n').slice(0, 2).join('\n\n'),
    [rendered('location_result', { count: 2, city: LYON, remaining: 49, daily_limit: 50 }), '🔎 Cardiology'].join('\n\n'),
  );
  t.same(namesIn(answer!.text), ['Cardio weekday mornings', 'Cardio always open']);
  t.equal(await used(user.id), 1);
  t.match(await lastLog(h.sql, user.id), { level: 'INFO', command: '/find', resultCount: 2, city: 'Lyon', metadata: { specialty: 'Cardiology', followUp: false } });
  t.same(labelsOf(answer), [['📍 Show on map'], ['✓ Cardiology ▾'], ['🕒 Open now'], ['⚠️ Report a problem']], 'the chosen specialty named on its button');
  t.same(await specialtiesOf(answer), [['✓ Cardiology · 2'], ['Dentistry · 2'], ['General Practice · 1'], ['◀ Back']], 'the chosen specialty first among the counts of everything nearby');
  t.same(labelsOf(answer), [['📍 Show on map'], ['✓ Cardiology ▾'], ['🕒 Open now'], ['⚠️ Report a problem']], '◀ Back returns to the answer\'s buttons');
  t.equal(await used(user.id), 1, 'the choice costs nothing');
  t.match(await lastLog(h.sql, user.id), { level: 'INFO', command: 'callback', message: "Showed the answer's buttons again", metadata: { view: 'keyboard' } });
});

t.test('text with a typo and a joining word, and text in another language, are specialty searches', async (t) => {
  const user = await aMember(h, group.id);
  t.same(namesIn((await h.say(user.id, 'cardiolgy near Lyon'))[0]!.text), ['Cardio weekday mornings', 'Cardio always open']);

  const german = await aMember(h, group.id, { languageCode: 'de' });
  const [answer] = await h.say(german.id, 'Zahnarzt Lyon');
  t.match(answer!.text, renderTemplate(BOT_TEXTS.de.templates.location_result, { count: 2, city: 'Lyon, Frankreich', remaining: 49, daily_limit: 50 }), 'the place in German, without the region the gazetteer has in English alone');
  t.same(namesIn(answer!.text), ['Dentist one', 'Dentist two']);
  t.match(answer!.text, '🔎 Zahnmedizin');
  t.same(labelsOf(answer), [['📍 Auf der Karte zeigen'], ['✓ Zahnmedizin ▾'], ['🕒 Jetzt geöffnet'], ['⚠️ Problem melden']], 'the buttons speak German');
  t.same(await specialtiesOf(answer), [['✓ Zahnmedizin · 2'], ['Kardiologie · 2'], ['Allgemeinmedizin · 1'], ['◀ Zurück']]);
});

t.test('a city alone still asks to confirm the place, as before', async (t) => {
  const user = await aMember(h, group.id);
  const [question] = await h.say(user.id, 'Lyon');
  t.equal(question!.text, rendered('location_confirmation', { city: LYON }));
  t.same(buttonsOf(question).map((row) => row.map((b) => b.text)), [[LYON], ['✖ Cancel']]);
  const [answer] = await press(user.id, question, LYON);
  t.same(namesIn(answer!.text), ['Lyon GP', 'Cardio weekday mornings', 'Cardio always open', 'Dentist one', 'Dentist two']);
  t.same(labelsOf(answer), [['📍 Show on map'], ['Specialty ▾'], ['🕒 Open now'], ['⚠️ Report a problem']]);
  t.same(await specialtiesOf(answer), [['Cardiology · 2'], ['Dentistry · 2'], ['General Practice · 1'], ['◀ Back']]);
});

t.test('a specialty without a place asks where; /find alone asks which', async (t) => {
  const user = await aMember(h, group.id);
  t.same(texts(await h.say(user.id, 'dentist')), [
    'Where should I look for <b>Dentistry</b>? Send your location (📎 → Location) within 10 minutes and I will answer with this specialty near it, or type it with a city, for example <i>Dentistry London</i>.',
  ]);
  t.same(texts(await h.say(user.id, 'I need a dentist')), [FIND_TEXTS.en.askPlace('Dentistry', 10)], 'the words that ask are no place');
  t.same(texts(await h.say(user.id, '/find')), [FIND_TEXTS.en.askSpecialty]);
  t.same(texts(await h.say(user.id, '/find xyzzyq')), [FIND_TEXTS.en.unknownSpecialty('xyzzyq', 'Cardiology, Dentistry, General Practice')]);
  t.equal(await used(user.id), 0, 'none of it is a search');
});

t.test('narrowing buttons are free for 30 minutes, then cost a search like a new one', async (t) => {
  const user = await aMember(h, group.id);
  const [answer] = await h.locate(user.id, 45.764, 4.8357);
  t.equal(await used(user.id), 1);

  const [open] = await press(user.id, answer, '🕒 Open now');
  t.same(namesIn(open!.text), ['Cardio always open', 'Dentist one'], 'unparsed hours and weekday hours are not open on a Saturday at 11:00');
  t.match(open!.text, '🔎 open now');
  t.match(open!.text, rendered('location_result', { count: 2, city: LYON, remaining: 49, daily_limit: 50 }));
  t.equal(await used(user.id), 1, 'no search spent');
  t.match(await lastLog(h.sql, user.id), { level: 'INFO', command: 'callback', resultCount: 2, metadata: { followUp: true, free: true, openNow: true } });
  t.same(labelsOf(open), [['📍 Show on map'], ['Specialty ▾'], ['✓ 🕒 Open now'], ['⚠️ Report a problem']]);
  t.same(await specialtiesOf(open), [['Cardiology · 1'], ['Dentistry · 1'], ['◀ Back']], 'counted among the contacts open now');

  const [dentists] = await press(user.id, open, 'Dentistry · 1');
  t.same(namesIn(dentists!.text), ['Dentist one']);
  t.match(dentists!.text, '🔎 Dentistry · open now');
  t.equal(await used(user.id), 1);

  h.clock.advance(29 * 60 * 1000);
  const [all] = await press(user.id, dentists, '✓ 🕒 Open now');
  t.same(namesIn(all!.text), ['Dentist one', 'Dentist two'], 'the open-now choice is taken back; Dentistry stays');
  t.equal(await used(user.id), 1, 'still free at 29 minutes');

  h.clock.advance(31 * 60 * 1000);
  const [late] = await press(user.id, all, '✓ Dentistry · 2');
  t.same(namesIn(late!.text), ['Lyon GP', 'Cardio weekday mornings', 'Cardio always open', 'Dentist one', 'Dentist two']);
  t.match(late!.text, rendered('location_result', { count: 5, city: LYON, remaining: 48, daily_limit: 50 }));
  t.equal(await used(user.id), 2, 'after 30 minutes a press is a search');
  t.match(await lastLog(h.sql, user.id), { metadata: { followUp: true, free: false } });
});

t.test('the free window is the search\'s: a follow-up\'s own answer does not open a new one; a paid follow-up does', async (t) => {
  const user = await aMember(h, group.id);
  const [answer] = await h.locate(user.id, 45.764, 4.8357);
  h.clock.advance(20 * 60 * 1000);
  const [dentists] = await press(user.id, answer, 'Dentistry · 2');
  t.equal(await used(user.id), 1, 'free 20 minutes after the search');

  h.clock.advance(20 * 60 * 1000);
  const [open] = await press(user.id, dentists, '🕒 Open now');
  t.equal(await used(user.id), 2, '40 minutes after the search, though 20 after the follow-up it sits under, a press is paid');
  t.match(await lastLog(h.sql, user.id), { metadata: { followUp: true, free: false } });

  h.clock.advance(20 * 60 * 1000);
  await press(user.id, open, '✓ 🕒 Open now');
  t.equal(await used(user.id), 2, 'the paid follow-up is a search of its own: its buttons are free for 30 minutes');
  t.match(await lastLog(h.sql, user.id), { metadata: { followUp: true, free: true } });
});

t.test('More results shows the next contacts of the same search, free, up to the radius', async (t) => {
  await h.sql`UPDATE system_settings SET results_per_answer = 2`;
  t.teardown(() => h.sql`UPDATE system_settings SET results_per_answer = 5`);
  const user = await aMember(h, group.id);
  const [first] = await h.locate(user.id, 45.764, 4.8357);
  t.same(namesIn(first!.text), ['Lyon GP', 'Cardio weekday mornings']);
  t.same(labelsOf(first), [['📍 Show on map'], ['Specialty ▾'], ['🕒 Open now'], ['➡️ More results'], ['⚠️ Report a problem']], 'five rows at most');
  const [second] = await press(user.id, first, '➡️ More results');
  t.same(namesIn(second!.text), ['Cardio always open', 'Dentist one']);
  t.same(positionsIn(second!.text), [3, 4], 'numbered on from the first answer');
  t.same(await press(user.id, second, '📍 Show on map'), []);
  t.same(labelsOf(second), [['📍 3 · Cardio always open'], ['📍 4 · Dentist one'], ['◀ Back']], 'the map offers this page\'s contacts, numbered as its cards');
  await press(user.id, second, '◀ Back');
  const [third] = await press(user.id, second, '➡️ More results');
  t.same(namesIn(third!.text), ['Dentist two']);
  t.same(labelsOf(third), [['📍 Show on map'], ['Specialty ▾'], ['🕒 Open now'], ['⚠️ Report a problem']], 'nothing more within the radius');
  t.equal(await used(user.id), 1, 'pages of one search are free');
});

t.test('a follow-up after 30 minutes is refused by the daily limit like a new search', async (t) => {
  const small = await anAuthorizedGroup(h, { dailyLimit: 3 });
  const user = await aMember(h, small.id);
  for (let search = 1; search <= 3; search += 1) await h.locate(user.id, 45.764, 4.8357);
  const [answer] = await h.locate(user.id, 45.764, 4.8357);
  t.match(answer!.text, /you have used today’s searches\. 0 of 3 searches left today; the next in /);
  const last = h.sim.messages(user.id).filter((message) => message.reply_markup).at(-1);
  const [free] = await press(user.id, last, 'Dentistry · 2');
  t.same(namesIn(free!.text), ['Dentist one', 'Dentist two'], 'free within 30 minutes, even at the limit');
  t.match(free!.text, rendered('location_result', { count: 2, city: LYON, remaining: 0, daily_limit: 3 }));
  h.clock.advance(31 * 60 * 1000);
  const [refused] = await press(user.id, free, '🕒 Open now');
  t.match(refused!.text, /you have used today’s searches\. 0 of 3 searches left today; the next in /);
  t.match(await lastLog(h.sql, user.id), { level: 'WARN', message: 'Daily limit reached', metadata: { followUp: true, free: false } });
});

t.test('nothing matches: a clear answer that keeps the buttons to widen it, and costs nothing', async (t) => {
  const user = await aMember(h, group.id);
  const [answer] = await h.say(user.id, '/find cardiology Lyon');
  const [open] = await press(user.id, answer, '🕒 Open now');
  t.same(namesIn(open!.text), ['Cardio always open']);
  await h.sql`UPDATE medical_contacts SET available_hours = 'Mo-Fr 09:00-10:00' WHERE name = 'Cardio always open'`;
  t.teardown(() => h.sql`UPDATE medical_contacts SET available_hours = '24/7' WHERE name = 'Cardio always open'`);
  const before = await used(user.id);

  const [none] = await press(user.id, answer, '🕒 Open now');
  t.equal(none!.text, `${refusal(FIND_TEXTS.en.nothingMatching('Cardiology · open now', 100, LYON))}\n\n🚑 In an emergency call 112.`);
  t.same(labelsOf(none), [['✓ Cardiology ▾'], ['✓ 🕒 Open now']], 'the buttons that widen the search stay; no map and no Report a problem: no contact was shown');
  t.match(await lastLog(h.sql, user.id), { level: 'WARN', resultCount: 0, metadata: { followUp: true, specialty: 'Cardiology', openNow: true } });
  t.same(await specialtiesOf(none), [['✓ Cardiology · 0'], ['Dentistry · 1'], ['◀ Back']], 'the specialty too, though none of it is open');
  const [wider] = await press(user.id, none, '✓ 🕒 Open now');
  t.same(namesIn(wider!.text), ['Cardio weekday mornings', 'Cardio always open']);
  t.equal(await used(user.id), before);

  const [nothing] = await h.say(user.id, 'dermatologue Lyon');
  t.equal(nothing!.text, `${refusal(FIND_TEXTS.en.nothingMatching('Dermatology', 100, LYON))}\n\n🚑 In an emergency call 112.`);
  t.same(labelsOf(nothing), [['✓ Dermatology ▾']], 'no Open now, which would find nothing either');
  t.same(await specialtiesOf(nothing), [['✓ Dermatology · 0'], ['Cardiology · 2'], ['Dentistry · 2'], ['General Practice · 1'], ['◀ Back']], 'the specialties near, to choose another');
  t.equal(await used(user.id), before);

  const [nowhere] = await h.say(user.id, 'cardiology Reykjavik');
  t.match(nowhere!.text, /No medical contacts were found within 100 km of Reykjav/, 'nothing at all near: the plain answer');
  t.same(buttonsOf(nowhere), [], 'and no button that could only find nothing');
  t.equal(await used(user.id), before);
});

t.test("a button whose specialty the directory no longer has answers the search without it, and says so", async (t) => {
  const user = await aMember(h, group.id);
  const [answer] = await h.locate(user.id, 45.764, 4.8357);
  const data = (await button(answer, 'Dentistry · 2')).replace(/:[0-9a-z]+:0:0:([0-9a-z]+)$/, ':zzz:0:0:$1');
  const message = { message_id: answer!.message_id, date: answer!.date, chat: { id: user.id, type: 'private', first_name: user.first_name }, from: { ...h.sim.botInfo }, text: 'old' };
  const notes: unknown[] = [];
  const listener = (method: string, params: Record<string, unknown>) => method === 'answerCallbackQuery' && notes.push(params.text);
  h.sim.events.on('apiCall', listener);
  t.teardown(() => h.sim.events.off('apiCall', listener));
  const delivery = h.sim.sendUpdate({ callback_query: { id: 'q-gone', from: user, chat_instance: '1', data, message } });
  await h.handled(delivery.update_id);
  const [again] = h.sim.botMessagesSince(user.id, answer!.message_id);
  t.equal(again?.text, answer!.text, 'the search without the specialty: the answer as it was first');
  t.same(notes, [FIND_TEXTS.en.specialtyGone], 'with a note on the press');
});

t.test('a garbled search button is ignored kindly', async (t) => {
  const user = await aMember(h, group.id);
  const [answer] = await h.locate(user.id, 45.764, 4.8357);
  // Its form is a search's, but no point on Earth is at latitude 95.
  const data = (await button(answer, 'Dentistry · 2')).replace(/^s:[-0-9.]+:/, 's:95.00000:');
  const message = { message_id: answer!.message_id, date: answer!.date, chat: { id: user.id, type: 'private', first_name: user.first_name }, from: { ...h.sim.botInfo }, text: 'old' };
  const delivery = h.sim.sendUpdate({ callback_query: { id: 'q-garbled', from: user, chat_instance: '1', data, message } });
  await h.handled(delivery.update_id);
  t.same(h.sim.botMessagesSince(user.id, answer!.message_id), [], 'nothing is sent');
  t.match(await lastLog(h.sql, user.id), { level: 'WARN', message: 'Ignored a search button the bot cannot read' });
});

t.test('the help text says follow-ups are free for 30 minutes, in every language', async (t) => {
  const user = await aMember(h, group.id);
  const [help] = texts(await h.say(user.id, '/help'));
  t.match(help, 'The buttons under an answer (a specialty, Open now, More results) are free for 30 minutes after it');
  t.match(help, '/find dentist London');
  for (const [language, bot] of Object.entries(BOT_TEXTS)) t.match(bot.templates.help, /30/, language);
});

t.test('a database seeded with the earlier help texts gets the new ones, but keeps a help text someone wrote', async (t) => {
  await h.sql`UPDATE message_templates SET content = ${HELP_BEFORE_FIND.en} WHERE type = 'help' AND language = 'en'`;
  await h.sql`UPDATE message_templates SET content = ${HELP_BEFORE_FIND.pl} WHERE type = 'help' AND language = 'pl'`;
  await h.sql`UPDATE message_templates SET content = 'Unsere Hilfe' WHERE type = 'help' AND language = 'de'`;
  await h.sql`DELETE FROM seeds WHERE name = 'help-find-and-free-follow-ups'`;
  t.teardown(() => h.sql`UPDATE message_templates SET content = ${BOT_TEXTS.de.templates.help} WHERE type = 'help' AND language = 'de'`);
  await seedDefaultTemplates(h.sql);
  const help = await h.sql<{ language: string; content: string }[]>`SELECT language, content FROM message_templates WHERE type = 'help' AND language IN ('en', 'pl', 'de') ORDER BY language`;
  t.same(help, [
    { language: 'de', content: 'Unsere Hilfe' },
    { language: 'en', content: BOT_TEXTS.en.templates.help },
    { language: 'pl', content: BOT_TEXTS.pl.templates.help },
  ]);
});

t.test('a paid follow-up costs one statement, its claim with the daily request; a free one its claim and the count it shows', async (t) => {
  const instanceB = await anotherInstance(t, h);
  const other = instanceB.bot;
  const user = await aMember(h, group.id);
  const [answer] = await h.locate(user.id, 45.764, 4.8357);
  let updateId = 700_000_000;
  let last: Update | undefined;
  /** Instance B gets a press of a button under the answer, as Telegram would post it. */
  const pressOnOther = async (text: string) => {
    const data = await button(answer, text);
    const before = h.sim.messages(user.id).at(-1)!.message_id;
    updateId += 1;
    const chat = { id: user.id, type: 'private', first_name: user.first_name };
    const update = {
      update_id: updateId,
      callback_query: {
        id: `cb-${updateId}`,
        from: { id: user.id, is_bot: false, first_name: user.first_name },
        chat_instance: '1',
        data,
        message: { message_id: answer!.message_id, date: answer!.date, chat, from: { ...h.sim.botInfo }, text: 'answer' },
      },
    } as Update;
    last = update;
    await other.handleUpdate(update);
    return h.sim.botMessagesSince(user.id, before);
  };
  t.same(namesIn((await pressOnOther('Dentistry · 2'))[0]!.text), ['Dentist one', 'Dentist two'], 'B warms its memory');
  instanceB.countFromNow();
  t.same(namesIn((await pressOnOther('Cardiology · 2'))[0]!.text), ['Cardio weekday mornings', 'Cardio always open']);
  t.equal(instanceB.statements(), 2, 'free: the claim, and today\'s count for the header');
  h.clock.advance(31 * 60 * 1000);
  instanceB.countFromNow();
  t.same(namesIn((await pressOnOther('Cardiology · 2'))[0]!.text), ['Cardio weekday mornings', 'Cardio always open']);
  t.equal(instanceB.statements(), 1, 'paid: one statement');
  t.equal(await used(user.id), 2);

  const before = h.sim.messages(user.id).at(-1)!.message_id;
  await other.handleUpdate(last!);
  await h.medBot.handleUpdate(last!);
  t.same(h.sim.botMessagesSince(user.id, before), [], 'a redelivered press is answered once, by either instance');
  t.equal(await used(user.id), 2, 'and paid once');
});

t.test('the specialties are named in the user\'s language; their buttons still name the directory\'s specialty', async (t) => {
  // Kyiv: far from the contacts of the other tests.
  const kyiv = (degrees: number) => ({ latitude: 50.45 + degrees, longitude: 30.52, city: 'Kyiv', country: 'UA' });
  await aContact(h.sql, { name: 'Tooth care', specialty: 'Dentistry', availableHours: '24/7', ...kyiv(0.01) });
  await aContact(h.sql, { name: 'Sleep clinic', specialty: 'Sleep Medicine', availableHours: '24/7', ...kyiv(0.02) });
  const english = await aMember(h, group.id);
  const ukrainian = await aMember(h, group.id, { languageCode: 'uk' });
  const [inEnglish] = await h.locate(english.id, 50.45, 30.52);
  const [answer] = await h.locate(ukrainian.id, 50.45, 30.52);
  t.same(labelsOf(answer), [['📍 Показати на мапі'], ['Спеціальність ▾'], ['🕒 Відкрито зараз'], ['⚠️ Повідомити про проблему']]);
  t.same(await specialtiesOf(answer), [['Стоматологія · 1'], ['Sleep Medicine · 1'], ['◀ Назад']], 'a specialty the bot does not know keeps the directory\'s name');
  t.equal(await button(answer, 'Стоматологія · 1'), await button(inEnglish, 'Dentistry · 1'), 'the same search in English and Ukrainian');
  t.match(await button(answer, 'Стоматологія · 1'), `:${specialtyKey('Dentistry')}:`, 'keyed by the directory\'s name');

  const [dentists] = await press(ukrainian.id, answer, 'Стоматологія · 1');
  t.same(namesIn(dentists!.text), ['Tooth care']);
  t.match(dentists!.text, '🔎 Стоматологія');
  t.same(labelsOf(dentists), [['📍 Показати на мапі'], ['✓ Стоматологія ▾'], ['🕒 Відкрито зараз'], ['⚠️ Повідомити про проблему']], 'the chosen specialty ticked on its button');
  t.same(await specialtiesOf(dentists), [['✓ Стоматологія · 1'], ['Sleep Medicine · 1'], ['◀ Назад']]);
  const [open] = await press(ukrainian.id, dentists, '🕒 Відкрито зараз');
  t.match(open!.text, '🔎 Стоматологія · відкрито зараз');

  t.same(texts(await h.say(ukrainian.id, 'стоматолог')), [FIND_TEXTS.uk.askPlace('Стоматологія', 10)]);
  t.match(dentists!.text, '<b>1. Tooth care</b> · Стоматологія\n', 'the card names the specialty as the buttons do');

  const [unknown] = texts(await h.say(ukrainian.id, '/find чарівник'));
  t.match(unknown, 'Стоматологія', 'the specialties the directory has, in their language');
  t.notMatch(unknown, 'Dentistry');
  t.match(unknown, 'Sleep Medicine', 'but for one the bot does not know');
});

t.test('contacts hidden as unverified for too long are counted nowhere: not in the specialty buttons, not in the specialties /find names', async (t) => {
  await withSettings(t, h.sql, { hideUnverifiedAfterDays: 120 });
  // Never verified and added 200 days before the clock's day: past the 120 days the setting allows.
  const longAgo = new Date(h.clock.now().getTime() - 200 * 86_400_000);
  const hidden = await h.sql<{ id: number }[]>`
    UPDATE medical_contacts SET created_at = ${longAgo} WHERE name IN ('Cardio weekday mornings', 'Lyon GP') RETURNING id`;
  t.teardown(() => h.sql`UPDATE medical_contacts SET created_at = now() WHERE id = ANY(${hidden.map((row) => row.id)}::bigint[])`);
  const user = await aMember(h, group.id);
  const [answer] = await h.locate(user.id, 45.764, 4.8357);
  t.same(namesIn(answer!.text).sort(), ['Cardio always open', 'Dentist one', 'Dentist two'], 'the hidden contacts are not answered');
  t.same(await specialtiesOf(answer), [['Dentistry · 2'], ['Cardiology · 1'], ['◀ Back']], 'nor counted: General Practice, whose one contact is hidden, is not offered');
  t.same(texts(await h.say(user.id, '/find xyzzyq')), [FIND_TEXTS.en.unknownSpecialty('xyzzyq', 'Cardiology, Dentistry, Sleep Medicine')], 'nor named among the directory\'s specialties (Sleep Medicine: a contact in Kyiv)');
});
