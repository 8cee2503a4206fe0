import t from 'tap';
import { HttpError } from 'grammy';
import { createBotHarness } from '../helpers/bot.js';
import { aContact, aMember, anAuthorizedGroup, aUser, nextId } from '../helpers/bot-fixtures.js';
import { createNotificationMonitor, ERROR_SPIKE_THRESHOLD, LIMIT_STREAK_DAYS } from '../../bot/alerts/notification-monitor.js';
import { getNotificationSettings, saveNotificationSettings } from '../../sql/notification-settings.js';
import { createNotification } from '../../sql/notifications.js';
import type { NotificationSettings } from '../../api/contract/notifications.js';
import { updateSystemSettings } from '../../sql/settings.js';
import { until } from '../helpers/wait.js';
import { recordVerification } from '../../sql/contact-verifications.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

const h = await createBotHarness(t);
// The system's default daily limit is every served user's floor; at 1, each group's own limit shows.
await updateSystemSettings(h.sql, { defaultDailyLimit: 1 });
// Far from the real date: rows the database stamps with its own clock fall on none of these days.
h.clock.set(new Date('2030-03-10T10:00:00Z'));
const monitor = createNotificationMonitor({ sql: h.sql, api: h.medBot.retryingApi, events: h.medBot.events, now: h.clock.now });
monitor.start();
t.teardown(() => monitor.stop());

const group = await anAuthorizedGroup(h, { dailyLimit: 1 });
const alice = await aMember(h, group.id, { firstName: 'Alice' });
const bob = await aMember(h, group.id, { firstName: 'Bob' });
const admin = aUser(h, { firstName: 'Admin' });
await aContact(h.sql, { name: 'Prague GP', latitude: 50.09, longitude: 14.42, city: 'Prague' });

const settings = async (changes: Partial<NotificationSettings>) =>
  saveNotificationSettings(h.sql, { ...(await getNotificationSettings(h.sql)), ...changes });
await settings({ adminTelegramId: admin.id });

/** What the admin received from the bot since the mark. */
const adminMessages = (since: number) => h.sim.botMessagesSince(admin.id, since).map((message) => message.text);
const mark = () => h.sim.messages(admin.id).at(-1)?.message_id ?? 0;
const spikeNotifications = () => h.sql`SELECT type, priority, title, message, metadata FROM notifications WHERE kind = 'error_spike' ORDER BY id`;

/** Errors the bot logs: each /help fails to be sent once (a Bad Gateway) and is logged as an ERROR. */
async function failRequests(count: number) {
  for (let i = 0; i < count; i += 1) {
    h.sim.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' });
    await h.say(alice.id, '/help');
  }
}

// The first check sends the report on yesterday (nothing happened): start the tests after it.
await monitor.tick();

t.test('an error spike raises one critical notification, and the admin gets one message', async (t) => {
  const since = mark();
  await failRequests(ERROR_SPIKE_THRESHOLD);
  await monitor.tick();
  t.equal((await spikeNotifications()).length, 0, `${ERROR_SPIKE_THRESHOLD} errors are no spike`);
  await failRequests(1);
  await monitor.tick();
  await failRequests(3);
  await monitor.tick();
  await monitor.tick();
  const spikes = await spikeNotifications();
  t.equal(spikes.length, 1, 'one notification for the whole spike');
  t.match(spikes[0], { type: 'critical', priority: 4, title: 'Error spike', message: `${ERROR_SPIKE_THRESHOLD + 1} errors in the last 5 minutes`, metadata: { level: 'ERROR' } });
  t.strictSame(adminMessages(since), [`🚨 <b>Error spike</b>\n${ERROR_SPIKE_THRESHOLD + 1} errors in the last 5 minutes`]);
});

t.test('with Telegram notifications off, a new spike is raised but not sent', async (t) => {
  h.clock.advance(6 * MINUTE_MS);
  await monitor.tick();
  await settings({ telegramNotifications: false });
  const since = mark();
  await failRequests(ERROR_SPIKE_THRESHOLD + 1);
  await monitor.tick();
  t.equal((await spikeNotifications()).length, 2, 'the spike after a quiet spell is a new one');
  t.strictSame(adminMessages(since), []);
  await settings({ telegramNotifications: true });
});

t.test('with error alerts off, a spike is not sent but other critical notifications are', async (t) => {
  h.clock.advance(6 * MINUTE_MS);
  await monitor.tick();
  await settings({ errorAlerts: false });
  const since = mark();
  await failRequests(ERROR_SPIKE_THRESHOLD + 1);
  const outsider = aUser(h, { firstName: 'Outsider' });
  const groupId = -(1_000_000_000_000 + nextId());
  h.sim.createGroup({ id: groupId, title: 'Random chat', type: 'supergroup' });
  h.sim.addMember(groupId, outsider.id, 'creator');
  const added = h.sim.addBot(groupId, outsider.id, 'member');
  if (added) {
    await h.handled(added.update_id);
    // The bot leaves while handling it, and Telegram tells it so in the next update: wait for that one too,
    // or its log row may carry the next test's date and count in that day's report.
    await h.handled(added.update_id + 1);
  }
  await monitor.tick();
  t.equal((await spikeNotifications()).length, 3);
  t.strictSame(adminMessages(since), [`🚨 <b>Unauthorized group</b>\nBot added to unauthorized group Random chat (${groupId})`]);
  await settings({ errorAlerts: true });
});

t.test('the daily report reaches the admin once, with yesterday’s figures', async (t) => {
  h.clock.set(new Date('2030-03-11T09:00:00Z'));
  await monitor.tick();
  const since = mark();
  await h.say(alice.id, '/start');
  await h.say(bob.id, '/start');
  await h.say(bob.id, '/help');
  h.sim.failNext('sendMessage', { error_code: 502, description: 'Bad Gateway' });
  await h.say(bob.id, '/help');
  await h.sql`INSERT INTO telegram_users (telegram_id, first_name, created_at) VALUES (${nextId()}, 'Carol', ${h.clock.now()})`;
  h.clock.set(new Date('2030-03-12T00:05:00Z'));
  await monitor.tick();
  await monitor.tick();
  t.strictSame(adminMessages(since), [
    ['📊 <b>Daily report for 2030-03-11</b>', 'Requests: 4', 'Success rate: 75%', 'Unique users: 2', 'New users: 1', 'Errors: 1'].join('\n'),
  ]);
});

t.test('a user refused by the daily limit three days in a row is reported once', async (t) => {
  for (let day = 0; day < LIMIT_STREAK_DAYS + 1; day += 1) {
    h.clock.set(new Date(Date.parse('2030-03-12T12:00:00Z') + day * DAY_MS));
    await monitor.tick();
    await h.locate(bob.id, 50.09, 14.42);
    await h.locate(bob.id, 50.09, 14.42);
  }
  h.clock.advance(DAY_MS);
  await monitor.tick();
  const rows = await h.sql`SELECT type, priority, title, message, metadata FROM notifications WHERE kind = 'daily_limit_repeated'`;
  t.match(rows, [{ priority: 2, title: 'Daily limit reached repeatedly', message: `Bob (${bob.id}) reached the daily limit on 3 days in a row.`, metadata: { telegramId: bob.id } }]);
  t.equal(rows.length, 1, 'one for the run of days');
});

t.test('the 100 users milestone is raised once', async (t) => {
  const [row] = await h.sql<{ users: number }[]>`SELECT count(*)::int AS users FROM telegram_users`;
  await h.sql`INSERT INTO telegram_users (telegram_id, first_name) SELECT 900000 + n, 'Filler' FROM generate_series(1, ${99 - row!.users}) AS n`;
  await monitor.tick();
  t.equal((await h.sql`SELECT 1 FROM notifications WHERE kind = 'user_milestone'`).length, 0, '99 users: no milestone');
  await h.sql`INSERT INTO telegram_users (telegram_id, first_name) VALUES (999999, 'Hundredth')`;
  await monitor.tick();
  await h.sql`INSERT INTO telegram_users (telegram_id, first_name) VALUES (999998, 'Next')`;
  await monitor.tick();
  const rows = await h.sql`SELECT type, title, message, metadata FROM notifications WHERE kind = 'user_milestone'`;
  t.strictSame([...rows], [{ type: 'success', title: '100 bot users', message: 'The bot now has 100 users.', metadata: { users: 100 } }]);
});

t.test('losing and regaining Telegram raise a disconnected and a reconnected notification', async (t) => {
  const since = mark();
  const raised = (kind: string) =>
    until(async () => (await h.sql`SELECT 1 FROM notifications WHERE kind = ${kind}`).length > 0, `a ${kind} notification`);
  h.sim.failNext('getUpdates', { error_code: 502, description: 'Bad Gateway' });
  // Ends the long poll in progress, so the next fetch is the failing one.
  await h.say(alice.id, '/start');
  await raised('bot_disconnected');
  // Telegram answers again once the poll after the retry returns.
  await h.say(alice.id, '/start');
  await raised('bot_reconnected');
  const rows = await h.sql`SELECT kind, type, priority, title FROM notifications WHERE kind IN ('bot_disconnected', 'bot_reconnected') ORDER BY id`;
  t.strictSame([...rows], [
    { kind: 'bot_disconnected', type: 'critical', priority: 5, title: 'Bot disconnected' },
    { kind: 'bot_reconnected', type: 'success', priority: 1, title: 'Bot reconnected' },
  ]);
  await monitor.tick();
  t.strictSame(adminMessages(since), ['🚨 <b>Bot disconnected</b>\nThe bot lost its connection to Telegram.'], 'only the critical one is sent');
});

t.test('an alert Telegram refuses with flood control is sent after the wait it asks for, once', async (t) => {
  const since = mark();
  await createNotification(h.sql, {
    kind: 'broadcast_failed',
    type: 'critical',
    priority: 4,
    title: 'Broadcast failed: Refused',
    message: '0 of 1 delivered, 1 failed',
    expiresAt: null,
    metadata: { broadcastId: 2 },
  });
  // A wait of none: retry_after counts whole seconds, and the retry waits as long as Telegram asks.
  h.sim.failNext('sendMessage', { error_code: 429, description: 'Too Many Requests: retry after 0', parameters: { retry_after: 0 } });
  await monitor.tick();
  t.strictSame(adminMessages(since), ['🚨 <b>Broadcast failed: Refused</b>\n0 of 1 delivered, 1 failed']);
});

t.test('an alert that cannot reach Telegram waits for the next check instead of being lost', async (t) => {
  const since = mark();
  const offline = createNotificationMonitor({
    sql: h.sql,
    api: { sendMessage: () => Promise.reject(new HttpError('Network request for sendMessage failed', new Error('ECONNREFUSED'))) },
    now: h.clock.now,
  });
  const id = await createNotification(h.sql, {
    kind: 'broadcast_failed',
    type: 'critical',
    priority: 4,
    title: 'Broadcast failed: Offline',
    message: '0 of 2 delivered, 2 failed',
    expiresAt: null,
    metadata: { broadcastId: 1 },
  });
  await offline.tick();
  const [row] = await h.sql<{ alertPending: boolean }[]>`SELECT alert_pending FROM notifications WHERE id = ${id}`;
  t.equal(row!.alertPending, true, 'still queued');
  await monitor.tick();
  t.strictSame(adminMessages(since), ['🚨 <b>Broadcast failed: Offline</b>\n0 of 2 delivered, 2 failed']);
});

t.test('the share of contacts overdue for verification passing the threshold raises one alert, and another only after it fell back and passed it again', async (t) => {
  const overdueAlerts = () => h.sql`SELECT type, priority, title, message FROM notifications WHERE kind = 'verification_overdue' ORDER BY id`;
  const since = mark();
  // Prague GP, never verified, is overdue; three verified today are not.
  for (const name of ['Checked A', 'Checked B', 'Checked C']) {
    const { id } = await aContact(h.sql, { name });
    await recordVerification(h.sql, { contactId: id, at: h.clock.now(), verifiedBy: null, verifiedByTelegramId: null, method: 'phone_call', outcome: 'confirmed', corrections: {}, note: null });
  }
  await settings({ overdueAlertPercent: 50 });
  await monitor.tick();
  t.equal((await overdueAlerts()).length, 0, '1 of 4 overdue: 25 %');
  await aContact(h.sql, { name: 'Unchecked A' });
  await aContact(h.sql, { name: 'Unchecked B' });
  await monitor.tick();
  t.equal((await overdueAlerts()).length, 0, '3 of 6 overdue: 50 % is not above 50 %');
  await aContact(h.sql, { name: 'Unchecked C' });
  await monitor.tick();
  await monitor.tick();
  const message = '57.1% of active contacts are overdue for verification (4 contacts of 7), above the 50% set in Notification Settings.';
  t.strictSame([...(await overdueAlerts())], [{ type: 'warning', priority: 4, title: 'Contacts overdue for verification', message }], 'one notification while it stays above');
  t.strictSame(adminMessages(since), [`🚨 <b>Contacts overdue for verification</b>\n${message}`], 'and one message to the admin');

  await h.sql`UPDATE medical_contacts SET is_active = false WHERE name IN ('Unchecked B', 'Unchecked C')`;
  await monitor.tick();
  t.equal((await overdueAlerts()).length, 1, 'back to 2 of 5: none');
  await h.sql`UPDATE medical_contacts SET is_active = true WHERE name IN ('Unchecked B', 'Unchecked C')`;
  await monitor.tick();
  t.equal((await overdueAlerts()).length, 2, 'above again: a second one');
  await settings({ overdueAlertPercent: null });
  await monitor.tick();
  t.equal((await overdueAlerts()).length, 2, 'switched off: nothing more');
});
