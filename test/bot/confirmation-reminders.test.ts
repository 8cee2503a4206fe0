import t from 'tap';
import { createBotHarness } from '../helpers/bot.js';
import { createTestApp } from '../helpers/app.js';
import { aContact, aUser, texts, withSettings } from '../helpers/bot-fixtures.js';
import { createJobRunner } from '../../scripts/job-runner.js';
import { createBroadcastSender } from '../../bot/broadcasts/broadcast-sender.js';
import { sendConfirmationReminders } from '../../bot/broadcasts/confirmation-reminders.js';

// The bot asks a linked account by itself once the contact's last verification is reverifyAfterDays
// old: from the leader's hourly job on the injected clock, paced with the broadcasts, never twice a day
// per account, never while the contact is closed by its hours, and never again after /stop_reminders.
const HOUR = 3_600_000;
const h = await createBotHarness(t);
const { call, userWithToken } = await createTestApp(t, { db: h.db, clock: h.clock, botUsername: () => h.sim.botInfo.username });
await withSettings(t, h.sql, { reverifyAfterDays: 7 });
const sender = createBroadcastSender({ sql: h.sql, api: h.medBot.api, testApi: h.medBot.retryingApi, clock: h.clock });
const jobs = createJobRunner({ clock: h.clock, onError: (_job, error) => t.fail(String(error)) });
jobs.every('confirmation reminders', HOUR, (now) => sendConfirmationReminders({ sql: h.sql, api: h.medBot.api, pace: sender.pace, onError: (error) => t.fail(String(error)) }, now));
t.teardown(() => jobs.stop());

const clinic = aUser(h, { firstName: 'Clara', languageCode: 'en' });
const berlin = { city: 'Berlin', country: 'DE', latitude: 52.52, longitude: 13.405, languages: ['en'], specialty: 'Dentistry' };
// Open Monday to Friday, 9 to 17 in Berlin (UTC+1 in winter); the clock starts on Saturday 21 November, 10:00 UTC.
const practice = await aContact(h.sql, { ...berlin, name: 'Practice A', phone: '+49 30 1111111', availableHours: 'Mo-Fr 09:00-17:00' });
const lab = await aContact(h.sql, { ...berlin, name: 'Lab B', phone: '+49 30 2222222' });

/** The clinic opens a fresh link of the contact and answers ✅ All correct. */
async function linkAndConfirm(contactId: number): Promise<void> {
  const { token } = await makeLink(contactId);
  const [question] = await h.say(clinic.id, `/start v_${token}`);
  await h.press(clinic.id, clinic.id, question!.message_id, `sc:ok:${contactId}`);
}

async function makeLink(contactId: number): Promise<{ token: string }> {
  const response = await call((await userWithToken('editor')).token, { method: 'POST', url: `/api/medical-contacts/${contactId}/confirmation-link` });
  return { token: (response.json() as { url: string }).url.split('?start=v_')[1]! };
}

/** The reminders the clinic got while the clock moved an hour at a time until `until`, with when they came. */
async function hoursUntil(until: string): Promise<{ at: string; text: string | undefined }[]> {
  const got: { at: string; text: string | undefined }[] = [];
  while (h.clock.now().getTime() < Date.parse(until)) {
    const before = h.sim.messages(clinic.id).at(-1)?.message_id ?? 0;
    h.clock.advance(HOUR);
    await jobs.whenIdle();
    for (const message of h.sim.botMessagesSince(clinic.id, before)) got.push({ at: h.clock.now().toISOString(), text: message.text });
  }
  return got;
}

// The listing's card ends with its freshness line, as the bot's users see it: a reminder comes once it is due.
const reminderOf = (name: string, state: string, phone: string, freshness: string) =>
  [
    'It is time to check your listing again. This is how the bot shows it:',
    `<b>${name}</b> · Dentistry\n${state}📞 ${phone}\n📍 in Berlin · 🗣 ✅ English\n${freshness}`,
    '<b>Is this still right?</b>',
    'Send /stop_reminders if you no longer want these reminders.',
  ].join('\n\n');

t.test('after 7 days, once open, one reminder a day per account', async (t) => {
  await linkAndConfirm(practice.id);
  jobs.start();
  await jobs.whenIdle();
  t.strictSame(await hoursUntil('2026-11-23T10:00:00Z'), [], 'nothing due in the first days');
  await linkAndConfirm(lab.id);
  const reminders = await hoursUntil('2026-12-01T12:00:00Z');
  t.strictSame(reminders, [
    // Due on Saturday 28 at 10:00 UTC, closed all weekend: asked when it opens on Monday.
    { at: '2026-11-30T08:00:00.000Z', text: reminderOf('Practice A', '🟢 Open until 17:00\n', '+49 30 1111111', '⚠ Not checked for 8 days') },
    // Due on Monday at 10:00, two hours after the account's reminder: asked a day after it.
    { at: '2026-12-01T08:00:00.000Z', text: reminderOf('Lab B', '', '+49 30 2222222', '⚠ Not checked for 7 days') },
  ]);
  const [message] = h.sim.messages(clinic.id).filter((sent) => sent.text === reminders[0]!.text);
  t.strictSame(
    message?.reply_markup?.inline_keyboard.flat().map((button) => button.text),
    ['✅ All correct', '✏️ Something changed'],
    'the same question as the link asked',
  );
});

t.test('/stop_reminders ends them', async (t) => {
  t.strictSame(texts(await h.say(clinic.id, '/stop_reminders')), ['Done: the bot will no longer ask you to check your listing.']);
  t.strictSame(await hoursUntil('2026-12-09T12:00:00Z'), [], 'Practice A would have been asked again on 7 December');
  t.strictSame(texts(await h.say(clinic.id, '/stop_reminders')), ['You have no reminders to stop.']);
});
