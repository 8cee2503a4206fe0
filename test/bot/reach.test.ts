import t from 'tap';
import { GrammyError } from 'grammy';
import type { Update } from 'grammy/types';
import { reportButton } from '../../bot/answering/contact-buttons.js';
import type { ChatMessage } from '../../bot/simulator/index.js';
import { usedToday } from '../../sql/daily-usage.js';
import { findMedicalContact, toMedicalContact } from '../../sql/medical-contacts.js';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, lastLog, texts } from '../helpers/bot-fixtures.js';

const h = await createBotHarness(t);
const group = await anAuthorizedGroup(h, { dailyLimit: 50 });

const rome = { latitude: 41.9028, longitude: 12.4964 };
const anna = await aContact(h.sql, {
  name: 'Dr Anna',
  latitude: 41.91,
  longitude: 12.5,
  city: 'Rome',
  country: 'IT',
  contactMethod: 'telegram',
  telegramUsername: '@dr_anna',
  phone: '+39 06 1111 1111',
});
const bruno = await aContact(h.sql, {
  name: 'Dr Bruno',
  latitude: 41.92,
  longitude: 12.51,
  city: 'Rome',
  country: 'IT',
  contactMethod: 'whatsapp',
  phone: '+39 06 2222-2222',
});

/** The bot's answer near Rome, with its buttons. */
async function answerWithButtons(userId: number): Promise<ChatMessage> {
  const [answer] = await h.locate(userId, rome.latitude, rome.longitude);
  return answer!;
}

const buttonsOf = (message: ChatMessage | undefined) => (message?.reply_markup?.inline_keyboard ?? []).map((row) => row.map((button) => button.text));
const reportsOf = (contactId: number) =>
  h.sql<{ telegramId: number; problem: string; comment: string | null; reportedOn: string; status: string }[]>`
    SELECT telegram_id, problem, comment, reported_on::text AS reported_on, status FROM contact_reports WHERE contact_id = ${contactId} ORDER BY id`;
const notificationsOf = (contactId: number) =>
  h.sql<{ title: string; message: string; type: string; priority: number }[]>`
    SELECT title, message, type, priority FROM notifications WHERE kind = 'contact_reported' AND metadata->>'contactId' = ${String(contactId)} ORDER BY id`;

/** Presses "Report a problem", the contact, then the problem; the bot's replies to the last press. */
async function report(userId: number, answer: ChatMessage, contactId: number, problem: string): Promise<ChatMessage[]> {
  const [choice] = await h.press(userId, userId, answer.message_id, 'report');
  await h.press(userId, userId, choice!.message_id, `report:${contactId}`);
  return h.press(userId, userId, choice!.message_id, `report:${contactId}:${problem}`);
}

/** The answer's message as the chat holds it now: its keyboard after the presses that edited it. */
const current = (userId: number, message: ChatMessage) => h.sim.messages(userId).find((candidate) => candidate.message_id === message.message_id)!;
/** Presses the button with this label under the message; the bot's new messages. */
async function pressLabel(userId: number, message: ChatMessage, label: string): Promise<ChatMessage[]> {
  const button = current(userId, message).reply_markup?.inline_keyboard.flat().find((candidate) => candidate.text === label);
  if (!button || !('callback_data' in button)) throw new Error(`no button "${label}"`);
  return h.press(userId, userId, message.message_id, button.callback_data!);
}

t.test('📍 Show on map offers the answer\'s contacts; one pressed is sent as a venue with its name and address, at no daily request', async (t) => {
  for (const [languageCode, show, back, address] of [
    ['en', '📍 Show on map', '◀ Back', 'Rome, Italy'],
    ['uk', '📍 Показати на мапі', '◀ Назад', 'Rome, Італія'],
    ['de', '📍 Auf der Karte zeigen', '◀ Zurück', 'Rome, Italien'],
  ] as const) {
    const user = await aMember(h, group.id, { languageCode });
    const answer = await answerWithButtons(user.id);
    const day = '2026-11-21';
    const used = await usedToday(h.sql, user.id, day);
    const keyboard = buttonsOf(answer);
    t.equal(keyboard[0]![0], show, `${languageCode}: one map button for the answer`);

    t.same(await pressLabel(user.id, answer, show), [], 'nothing is sent: the keyboard changes');
    t.same(buttonsOf(current(user.id, answer)), [['📍 1 · Dr Anna'], ['📍 2 · Dr Bruno'], [back]], 'the contacts as the cards number them');
    const [venue, ...more] = await pressLabel(user.id, answer, '📍 2 · Dr Bruno');
    t.same(more, []);
    t.strictSame(venue!.venue, { location: { latitude: 41.92, longitude: 12.51 }, title: 'Dr Bruno', address }, 'a venue: name and address (its country in the user\'s language), never a bare pin');
    t.equal(h.sim.stats().calls.sendLocation, undefined, 'no sendLocation');
    await pressLabel(user.id, answer, back);
    t.same(buttonsOf(current(user.id, answer)), keyboard, '◀ Back brings the answer\'s keyboard back');
    t.equal(await usedToday(h.sql, user.id, day), used, 'no daily request');
    t.match(await lastLog(h.sql, user.id), { level: 'INFO', message: "Showed the answer's buttons again" });
  }
});

t.test('the buttons of an answer sent before the map\'s choice still work: a 📍 sends its venue, Report lists its contacts', async (t) => {
  const user = await aMember(h, group.id);
  const old = await h.medBot.api.sendMessage(user.id, 'An answer of the earlier bot', {
    reply_markup: { inline_keyboard: [[{ text: '1 · 📍', callback_data: `venue:${anna.id}` }], [{ text: '2 · 📍', callback_data: `venue:${bruno.id}` }], [reportButton('en')]] },
  });
  const [venue] = await h.press(user.id, user.id, old.message_id, `venue:${anna.id}`);
  t.strictSame(venue!.venue, { location: { latitude: 41.91, longitude: 12.5 }, title: 'Dr Anna', address: 'Rome, Italy' });
  t.match(await lastLog(h.sql, user.id), { level: 'INFO', message: 'Sent a contact as a venue' });
  const [choice] = await h.press(user.id, user.id, old.message_id, 'report');
  t.strictSame(buttonsOf(choice), [['1. Dr Anna'], ['2. Dr Bruno']]);
});

t.test('a garbled choice button is ignored kindly, and the keyboard left as it is', async (t) => {
  const user = await aMember(h, group.id);
  const answer = await answerWithButtons(user.id);
  const map = answer.reply_markup!.inline_keyboard[0]![0]! as { callback_data: string };
  // Its form is a choice's, but no point on Earth is at latitude 95.
  const data = map.callback_data.replace(/^m:[-0-9.]+:/, 'm:95.00000:');
  const message = { message_id: answer.message_id, date: answer.date, chat: { id: user.id, type: 'private', first_name: user.first_name }, from: { ...h.sim.botInfo }, text: 'old' };
  const delivery = h.sim.sendUpdate({ callback_query: { id: 'q-garbled-choice', from: user, chat_instance: '1', data, message } });
  await h.handled(delivery.update_id);
  t.same(h.sim.botMessagesSince(user.id, answer.message_id), [], 'nothing is sent');
  t.same(buttonsOf(current(user.id, answer)), buttonsOf(answer), 'nothing is edited');
  t.match(await lastLog(h.sql, user.id), { level: 'WARN', message: 'Ignored a search button the bot cannot read' });
});

t.test('the simulator checks sendVenue as Telegram does', async (t) => {
  const user = await aMember(h, group.id);
  await t.rejects(h.medBot.api.sendVenue(user.id, 91, 12, 'Somewhere', 'Some street'), GrammyError);
  const error = await h.medBot.api.sendVenue(user.id, 41, 12, '', 'Some street').catch((caught: unknown) => caught);
  t.match(error, { error_code: 400, description: 'Bad Request: parameter "title" is required' });
});

t.test('a report marks the contact, raises a notification and thanks; the same day again is refused kindly while it is open, then taken', async (t) => {
  const user = await aMember(h, group.id);
  const answer = await answerWithButtons(user.id);
  const used = await usedToday(h.sql, user.id, '2026-11-21');

  const [choice] = await h.press(user.id, user.id, answer.message_id, 'report');
  t.equal(choice!.text, 'Which contact would you like to report?');
  t.strictSame(buttonsOf(choice), [['1. Dr Anna'], ['2. Dr Bruno']]);
  await h.press(user.id, user.id, choice!.message_id, `report:${anna.id}`);
  const asked = h.sim.messages(user.id).find((message) => message.message_id === choice!.message_id);
  t.equal(asked!.text, 'What is wrong with Dr Anna?');
  t.strictSame(buttonsOf(asked), [['Wrong number', 'Closed or moved'], ['Does not answer', 'Something else']]);
  const thanks = await h.press(user.id, user.id, choice!.message_id, `report:${anna.id}:wrong_number`);
  t.same(texts(thanks), ['Thank you! We will check this contact.']);

  t.match(await reportsOf(anna.id), [{ telegramId: user.id, problem: 'wrong_number', comment: null, reportedOn: '2026-11-21', status: 'open' }]);
  t.strictSame([...(await notificationsOf(anna.id))], [
    {
      title: 'Contact reported: Dr Anna',
      message: 'A bot user reported "Wrong number" for Dr Anna (Rome). It is due for re-verification until the report is resolved.',
      type: 'warning',
      priority: 3,
    },
  ]);
  const contact = toMedicalContact((await findMedicalContact(h.sql, anna.id))!, h.clock.now());
  t.equal(contact.dueForReverification, true, 'an open report makes it due for re-verification');
  t.equal(contact.openReports, 1);
  t.equal(await usedToday(h.sql, user.id, '2026-11-21'), used, 'reports cost no daily request');
  t.match(await lastLog(h.sql, user.id), { level: 'INFO', message: 'Reported a contact: wrong number' });

  const again = await report(user.id, answer, anna.id, 'no_answer');
  t.same(texts(again), ['You have already reported this contact today. Thank you, we are looking into it.']);
  t.equal((await reportsOf(anna.id)).length, 1);
  t.equal((await notificationsOf(anna.id)).length, 1, 'no second notification');
  t.match(await lastLog(h.sql, user.id), { level: 'WARN', message: 'Refused a second report of a contact the same day' });

  // Staff fixed the number; the new one is wrong too, and the same user says so the same day.
  await h.sql`UPDATE contact_reports SET status = 'fixed', resolved_at = now() WHERE contact_id = ${anna.id}`;
  const afterFix = await report(user.id, answer, anna.id, 'wrong_number');
  t.same(texts(afterFix), ['Thank you! We will check this contact.'], 'a resolved report does not refuse the next');
  t.match(await reportsOf(anna.id), [{ status: 'fixed' }, { status: 'open', problem: 'wrong_number', reportedOn: '2026-11-21' }]);
  t.equal((await notificationsOf(anna.id)).length, 2, 'and staff are told again');
  t.same(texts(await report(user.id, answer, anna.id, 'no_answer')), ['You have already reported this contact today. Thank you, we are looking into it.'], 'while it is open, one is enough');
  await h.sql`UPDATE contact_reports SET status = 'fixed', resolved_at = now() WHERE contact_id = ${anna.id}`;

  h.clock.advance(24 * 60 * 60 * 1000);
  t.teardown(() => h.clock.set(new Date('2026-11-21T10:00:00Z')));
  const nextDay = await report(user.id, answer, anna.id, 'no_answer');
  t.same(texts(nextDay), ['Thank you! We will check this contact.']);
  t.match(await reportsOf(anna.id), [{ reportedOn: '2026-11-21' }, { reportedOn: '2026-11-21' }, { reportedOn: '2026-11-22', problem: 'no_answer' }]);
});

t.test('"other" asks for a comment, taken from the reply to the prompt; other texts are still place names', async (t) => {
  const user = await aMember(h, group.id, { languageCode: 'it' });
  const answer = await answerWithButtons(user.id);
  const [prompt] = await report(user.id, answer, bruno.id, 'other');
  t.equal(prompt!.text, 'Grazie! Verificheremo questo contatto. Se vuoi, rispondi a questo messaggio e dicci cosa non va.');

  const delivery = h.sim.sendText(user.id, 'The number belongs to a bakery now', { replyToMessageId: prompt!.message_id });
  await h.handled(delivery.update_id);
  t.same(texts(h.sim.botMessagesSince(user.id, delivery.message!.message_id)), ['Grazie, abbiamo aggiunto la tua nota alla segnalazione.']);
  t.match(await reportsOf(bruno.id), [{ problem: 'other', comment: 'The number belongs to a bakery now' }]);

  const second = h.sim.sendText(user.id, 'A second note', { replyToMessageId: prompt!.message_id });
  await h.handled(second.update_id);
  t.match(await reportsOf(bruno.id), [{ comment: 'The number belongs to a bakery now' }], 'one comment per report');
  t.not(texts(h.sim.botMessagesSince(user.id, second.message!.message_id))[0], 'Grazie, abbiamo aggiunto la tua nota alla segnalazione.');
});

t.test('"Report a problem" under a message without contacts says so', async (t) => {
  const user = await aMember(h, group.id);
  const sent = await h.medBot.api.sendMessage(user.id, 'Old answer', { reply_markup: { inline_keyboard: [[reportButton('en')]] } });
  const replies = await h.press(user.id, user.id, sent.message_id, 'report');
  t.same(texts(replies), ['These contacts can no longer be chosen here. Send your location again for a fresh answer.']);
});

t.test('a problem press Telegram delivers twice stores one report and thanks once', async (t) => {
  const user = await aMember(h, group.id, { firstName: 'Rita' });
  const answer = await answerWithButtons(user.id);
  const [choice] = await h.press(user.id, user.id, answer.message_id, 'report');
  await h.press(user.id, user.id, choice!.message_id, `report:${bruno.id}`);
  const before = h.sim.messages(user.id).at(-1)!.message_id;
  const update: Update = {
    update_id: 8_100_001,
    callback_query: {
      id: 'redelivered-press',
      from: { id: user.id, is_bot: false, first_name: 'Rita' },
      chat_instance: '1',
      data: `report:${bruno.id}:closed_or_moved`,
      message: {
        message_id: choice!.message_id,
        date: Math.floor(Date.now() / 1000),
        chat: { id: user.id, type: 'private', first_name: 'Rita' },
        from: { id: h.medBot.bot.botInfo.id, is_bot: true, first_name: 'Bot' },
        text: 'What is wrong with Dr Bruno?',
      },
    },
  };
  await Promise.all([h.medBot.handleUpdate(update), h.medBot.handleUpdate(structuredClone(update))]);
  await h.medBot.handleUpdate(structuredClone(update));
  t.same(texts(h.sim.botMessagesSince(user.id, before)), ['Thank you! We will check this contact.']);
  t.equal((await reportsOf(bruno.id)).filter((row) => row.telegramId === user.id).length, 1);
  t.equal((await notificationsOf(bruno.id)).length, 2, "this user's and the earlier user's");
});
