import t from 'tap';
import { REFUSAL_REASONS } from '../../api/contract/bot-access.js';
import { saveMembership } from '../../sql/access-control.js';
import { insertTelegramUsers } from '../../sql/bot-users.js';
import { consumeDailyRequest } from '../../sql/daily-usage.js';
import { getSystemSettings } from '../../sql/settings.js';
import { localDay } from '../../api/contract/time-zone.js';
import { aBotLog, insertLogs } from '../helpers/bot-logs.js';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const VIEWER = { username: 'vera', password: 'vera-the-viewer-pass', role: 'viewer' as const };
const ADMIN = { username: 'ada', password: 'ada-the-admin-pass', role: 'admin' as const };

/**
 * A user the bot refuses reads as refused in the details dialog: No access with the reason, no
 * memberships for groups Telegram says they are not in, and each request shown as what it was.
 */
t.test('Bot Users details of a user in no authorized group', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(VIEWER);
  const { sql } = server;
  const now = new Date();
  await insertTelegramUsers(sql, [{
    telegramId: 8100, firstName: 'Olga', lastName: 'Outside', username: null, languageCode: 'en', isActive: true, isBlocked: false,
    totalRequests: 0, lastSeen: now, createdAt: now,
  }]);
  await sql`INSERT INTO authorized_groups (group_id, group_name, daily_limit) VALUES (-100801, 'Riverside Clinics', 4), (-100802, 'Harbour Nurses', 3), (-100803, 'Hill Doctors', 3)`;
  // What the bot stores after asking Telegram: "left" of two groups she never joined, and of one she left.
  await saveMembership(sql, { telegramId: 8100, groupId: -100801, status: 'left', isActive: false, verifiedAt: now });
  await saveMembership(sql, { telegramId: 8100, groupId: -100802, status: 'left', isActive: false, verifiedAt: now });
  await saveMembership(sql, { telegramId: 8100, groupId: -100803, status: 'member', isActive: true, verifiedAt: new Date(now.getTime() - 86_400_000) });
  await saveMembership(sql, { telegramId: 8100, groupId: -100803, status: 'left', isActive: false, verifiedAt: now });
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
  await insertLogs(sql, [
    aBotLog({ createdAt: at(4), userId: 8100, chatId: 8100, command: '/help', message: 'Refused a user who is in no authorized group', level: 'WARN' }),
    aBotLog({ createdAt: at(3), userId: 8100, chatId: 8100, command: 'text', message: 'No place matches the text', level: 'WARN', metadata: { query: 'Atlantis' } }),
    aBotLog({ createdAt: at(2), userId: 8100, chatId: 8100, command: 'location', message: 'Refused a user who is in no authorized group', level: 'WARN' }),
  ]);

  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, VIEWER.username, VIEWER.password, '/users?user=8100');
  const dialog = page.getByRole('dialog', { name: 'Olga Outside' });
  await dialog.getByText('Full Name').waitFor();

  await t.test('Daily Usage: No access with the reason the bot refuses her, not Blocked', async (t) => {
    await dialog.getByRole('tab', { name: 'Daily Usage' }).click();
    await dialog.getByText(REFUSAL_REASONS.notAMember).waitFor();
    t.match(await dialog.innerText(), /Remaining\s+0[\s\S]*Daily Limit\s+3[\s\S]*Status\s+No access/);
    t.notMatch(await dialog.innerText(), /Allowed|Blocked/);
  });

  await t.test('Group Memberships: the spec\'s empty text, and the group she left apart', async (t) => {
    await dialog.getByRole('tab', { name: 'Group Memberships' }).click();
    await dialog.getByText('This user is not a member of any authorized groups.').waitFor();
    const left = dialog.getByRole('list', { name: 'Groups they have left' });
    t.equal(await left.getByRole('listitem').count(), 1, 'only the group she was in');
    t.match(await left.innerText(), /Hill Doctors[\s\S]*Status: left[\s\S]*Inactive/);
    t.equal(await dialog.getByText('Riverside Clinics').count(), 0, 'groups she never joined are not listed');
  });

  await t.test('Recent Requests: each as what it was', async (t) => {
    await dialog.getByRole('tab', { name: 'Recent Requests' }).click();
    await dialog.getByText('Text: Atlantis').waitFor();
    const text = await dialog.innerText();
    t.match(text, /Location[\s\S]*Text: Atlantis[\s\S]*\/help/);
    t.notMatch(text, /\/\/help|\/location|\/text/, 'no slash put before what is not a command');
  });
});

/**
 * A member who used up today's searches is not blocked: Daily Usage says "Limit reached" beside the
 * Block User button, at both widths; "Blocked" is for the user staff blocked.
 */
t.test('Daily Usage of a member who reached the daily limit', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(ADMIN);
  const { sql } = server;
  const now = new Date();
  await insertTelegramUsers(sql, [{
    telegramId: 8200, firstName: 'Lena', lastName: 'Limit', username: null, languageCode: 'en', isActive: true, isBlocked: false,
    totalRequests: 4, lastSeen: now, createdAt: now,
  }]);
  await sql`INSERT INTO authorized_groups (group_id, group_name, daily_limit) VALUES (-100901, 'Riverside Clinics', 4)`;
  await saveMembership(sql, { telegramId: 8200, groupId: -100901, status: 'member', isActive: true, verifiedAt: now });
  const day = localDay(now, (await getSystemSettings(sql)).timeZone);
  for (let used = 0; used < 4; used += 1) await consumeDailyRequest(sql, 8200, day, null);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());

  for (const width of [1440, 375]) {
    await t.test(`at ${width} px`, async (t) => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      t.teardown(() => page.close());
      await signInAs(page, server.url, ADMIN.username, ADMIN.password, '/users?user=8200');
      const dialog = page.getByRole('dialog', { name: 'Lena Limit' });
      await dialog.getByRole('tab', { name: 'Daily Usage' }).click();
      await dialog.getByText(REFUSAL_REASONS.dailyLimit).waitFor();
      t.match(await dialog.innerText(), /Used Today\s+4[\s\S]*Remaining\s+0[\s\S]*Daily Limit\s+4[\s\S]*Status\s+Limit reached/);
      t.notMatch(await dialog.innerText(), /Allowed|Blocked/, 'not blocked');
      t.ok(await dialog.getByRole('button', { name: 'Block User' }).isVisible(), 'staff may still block her');
      t.equal(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), 0, 'nothing scrolls sideways');
    });
  }
});
