import t from 'tap';
import { GrammyError } from 'grammy';
import type { InlineKeyboardButton, Update } from 'grammy/types';
import { contactButtons, directionsFrom, reportButton } from '../../bot/contact-buttons.js';
import type { ChatMessage } from '../../bot/simulator/index.js';
import type { NearbyContact, Point } from '../../sql/contact-lookup.js';
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
  country: 'Italy',
  contactMethod: 'telegram',
  telegramUsername: '@dr_anna',
  phone: '+39 06 1111 1111',
});
const bruno = await aContact(h.sql, {
  name: 'Dr Bruno',
  latitude: 41.92,
  longitude: 12.51,
  city: 'Rome',
  country: 'Italy',
  contactMethod: 'whatsapp',
  phone: '+39 06 2222-2222',
});

/** The contact as an answer holds it: only what the buttons read matters here. */
function nearby(id: number, spec: Partial<NearbyContact> & Point): NearbyContact {
  return {
    id,
    name: 'Someone',
    phone: '+1 555 0100',
    specialty: 'General practice',
    city: 'Rome',
    contactMethod: 'phone',
    telegramUsername: null,
    isWhatsappOnly: false,
    availableHours: '',
    languages: ['English'],
    specialInstructions: null,
    isMasterOfMedicine: false,
    locationApproximate: false,
    timeZone: 'Europe/Rome',
    hours: null,
    distanceKm: 1,
    ...spec,
  };
}

const annaNearby = nearby(anna.id, { latitude: 41.91, longitude: 12.5, contactMethod: 'telegram', telegramUsername: '@dr_anna', phone: '+39 06 1111 1111' });
const brunoNearby = nearby(bruno.id, { latitude: 41.92, longitude: 12.51, contactMethod: 'whatsapp', phone: '+39 06 2222-2222' });

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

t.test('each contact gets its Telegram, WhatsApp, route and map buttons with exact links', async (t) => {
  const origin = { latitude: 41.9028, longitude: 12.4964 };
  t.strictSame(contactButtons(annaNearby, 1, directionsFrom(origin), 'en'), [
    { text: '1 · Telegram', url: 'https://t.me/dr_anna' },
    {
      text: '1 · 🧭 Route',
      url: 'https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=41.9028%2C12.4964%3B41.91%2C12.5',
    },
    { text: '1 · 📍', callback_data: `venue:${anna.id}` },
  ] satisfies InlineKeyboardButton[]);
  t.strictSame(contactButtons(brunoNearby, 2, directionsFrom(origin), 'de'), [
    { text: '2 · WhatsApp', url: 'https://wa.me/390622222222' },
    {
      text: '2 · 🧭 Route',
      url: 'https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=41.9028%2C12.4964%3B41.92%2C12.51',
    },
    { text: '2 · 📍', callback_data: `venue:${bruno.id}` },
  ]);
  const whatsappOnly = nearby(7, { latitude: -1.2921, longitude: 36.8219, phone: '+254 (20) 555-01', isWhatsappOnly: true });
  t.strictSame(
    contactButtons(whatsappOnly, 3, directionsFrom({ latitude: -1.28333333, longitude: 36.81666667 }), 'uk').map((button) => 'url' in button && button.url),
    ['https://wa.me/2542055501', 'https://www.openstreetmap.org/directions?engine=fossgis_osrm_car&route=-1.28333%2C36.81667%3B-1.2921%2C36.8219', false],
  );
  t.equal(contactButtons(whatsappOnly, 3, directionsFrom(rome), 'uk')[1]!.text, '3 · 🧭 Маршрут');
  t.strictSame(reportButton('en'), { text: '⚠️ Report a problem', callback_data: 'report' });
  t.equal(reportButton('fr').text, '⚠️ Signaler un problème');
});

t.test('📍 sends the contact as a venue, at no daily request', async (t) => {
  const user = await aMember(h, group.id);
  const answer = await answerWithButtons(user.id);
  const day = '2026-11-21';
  const used = await usedToday(h.sql, user.id, day);
  const [venue, ...more] = await h.press(user.id, user.id, answer.message_id, `venue:${anna.id}`);
  t.same(more, []);
  t.strictSame(venue!.venue, { location: { latitude: 41.91, longitude: 12.5 }, title: 'Dr Anna', address: 'Rome, Italy' });
  t.strictSame(venue!.location, { latitude: 41.91, longitude: 12.5 });
  t.equal(await usedToday(h.sql, user.id, day), used, 'no daily request');
  t.match(await lastLog(h.sql, user.id), { level: 'INFO', message: 'Sent a contact as a venue' });
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
