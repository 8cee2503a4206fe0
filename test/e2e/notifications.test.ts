import t from 'tap';
import type { Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { createNotification, type NewNotification } from '../../sql/notifications.js';

const ADMIN = { username: 'ada', password: 'ada-the-admin-pass', role: 'admin' as const };
const VIEWER = { username: 'vic', password: 'vic-the-viewer-pass', role: 'viewer' as const };
const HOUR_MS = 60 * 60 * 1000;
/** The browser's getComputedStyle, which the test's types (no DOM) do not know. */
type StyleGlobals = { getComputedStyle(element: unknown): { opacity: string } };
const OPACITY = (element: unknown) => (globalThis as unknown as StyleGlobals).getComputedStyle(element).opacity;

t.test('the Notifications screen: critical alerts, priorities, expiry, marking read, the nav badge and the settings', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  const admin = await server.createUser(ADMIN);
  await server.createUser(VIEWER);
  const now = Date.now();
  const raise = (hoursAgo: number, notification: Omit<NewNotification, 'expiresAt' | 'metadata'> & Partial<NewNotification>) =>
    createNotification(server.sql, { expiresAt: null, metadata: {}, ...notification }, new Date(now - hoursAgo * HOUR_MS));
  await raise(5, { kind: 'user_milestone', type: 'success', priority: 1, title: '100 bot users', message: 'The bot now has 100 users.', expiresAt: new Date(now - HOUR_MS) });
  await raise(4, { kind: 'unauthorized_group', type: 'warning', priority: 3, title: 'Unauthorized group', message: 'Bot added to unauthorized group X (-100)', metadata: { groupId: -100 } });
  await raise(3, { kind: 'daily_limit_repeated', type: 'warning', priority: 2, title: 'Daily limit reached repeatedly', message: 'Bob (42) reached the daily limit on 3 days in a row.', metadata: { telegramId: 42 } });
  await raise(2, { kind: 'error_spike', type: 'critical', priority: 4, title: 'Error spike', message: '14 errors in the last 5 minutes', metadata: { errors: 14 } });
  await raise(1, { kind: 'broadcast_failed', type: 'critical', priority: 5, title: 'Broadcast failed: Spring', message: '0 of 3 delivered, 3 failed', metadata: { broadcastId: 9 } });

  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const sidebar = page.getByRole('navigation', { name: 'Main' });
  const navEntry = (unread: number | null) => sidebar.getByRole('link', { name: unread === null ? 'Notifications' : `Notifications ${unread} unread`, exact: true });
  const list = page.getByRole('list', { name: 'Notifications' });
  const item = (title: string) => list.getByRole('article', { name: title });
  const critical = page.getByRole('region', { name: /^Critical Alerts/ });

  await signInAs(page, server.url, ADMIN.username, ADMIN.password, '/notifications');
  await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();

  await t.test('the critical box lists the unread critical notifications with their count', async (t) => {
    await critical.waitFor();
    t.match(await critical.getByRole('heading', { level: 2 }).innerText(), /Critical Alerts\s*2$/);
    t.strictSame(await critical.getByRole('article').locator('h3').allInnerTexts(), ['Broadcast failed: Spring', 'Error spike']);
  });

  await t.test('newest first, each with its priority badge; the expired one faded and labelled', async (t) => {
    await item('100 bot users').waitFor();
    t.strictSame(await list.getByRole('article').locator('h3').allInnerTexts(), [
      'Broadcast failed: Spring',
      'Error spike',
      'Daily limit reached repeatedly',
      'Unauthorized group',
      '100 bot users',
    ]);
    const badges = async (title: string) => (await item(title).innerText()).split('\n')[0];
    t.equal(await badges('Broadcast failed: Spring'), 'Critical');
    t.equal(await badges('Error spike'), 'Critical');
    t.equal(await badges('Unauthorized group'), 'High');
    t.equal(await badges('Daily limit reached repeatedly'), 'Medium');
    t.equal(await badges('100 bot users'), 'Low');
    t.match(await item('100 bot users').innerText(), /Expired/);
    t.equal(await item('100 bot users').evaluate(OPACITY), '0.5', 'faded');
    t.notMatch(await item('Error spike').innerText(), /Expired/);
    t.equal(await item('Error spike').evaluate(OPACITY), '1');
    t.equal(await item('Broadcast failed: Spring').getByRole('link', { name: 'View broadcasts' }).getAttribute('href'), '/messaging/broadcasts');
    t.equal(await item('Daily limit reached repeatedly').getByRole('link', { name: 'View user' }).getAttribute('href'), '/users?user=42');
    t.equal(await item('Error spike').getByRole('link', { name: 'View error logs' }).getAttribute('href'), '/logs?level=ERROR');
  });

  await t.test('marking one read shows the toast and lowers the nav badge', async (t) => {
    await navEntry(5).waitFor();
    await item('Daily limit reached repeatedly').getByRole('button', { name: 'Mark "Daily limit reached repeatedly" as read' }).click();
    await page.getByText('Notification marked as read', { exact: true }).waitFor();
    await navEntry(4).waitFor();
    await item('Daily limit reached repeatedly').getByRole('button').waitFor({ state: 'detached' });
    const reads = await server.sql`
      SELECT r.admin_user_id, r.read_at FROM notification_reads r JOIN notifications n ON n.id = r.notification_id
      WHERE n.title = 'Daily limit reached repeatedly'`;
    t.match([...reads], [{ adminUserId: admin.id, readAt: Date }], 'read by the admin alone');
  });

  await t.test('the unread filter, then marking all read empties the badge and the critical box', async (t) => {
    await page.getByLabel('Show').selectOption('unread');
    await item('Daily limit reached repeatedly').waitFor({ state: 'detached' });
    t.equal(await list.getByRole('article').count(), 4);
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByText('All notifications marked as read', { exact: true }).waitFor();
    await navEntry(null).waitFor();
    await critical.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'All caught up' }).waitFor();
    const [row] = await server.sql<{ read: number }[]>`SELECT count(*)::int AS read FROM notification_reads WHERE admin_user_id = ${admin.id}`;
    t.equal(row!.read, 5, 'the admin has read all five');
  });

  await t.test('an admin saves notification settings on Settings, told what is wrong first; they are there after a reload', async (t) => {
    // Their home is Settings → Notification Settings: the screen links there.
    await page.getByRole('link', { name: 'Notification Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/settings' && url.searchParams.get('section') === 'notifications');
    const section = page.getByRole('region', { name: 'Notification Settings' });
    await section.getByLabel('Error alerts').waitFor();
    t.ok(await section.getByLabel('Telegram notifications').isChecked(), 'all on by default');
    t.ok(await section.getByLabel('Error alerts').isChecked());
    await section.getByLabel('Error alerts').uncheck();
    await section.getByLabel('Admin Telegram ID').fill('5551234');
    await section.getByLabel('Admin Group ID').fill('123');
    await section.getByLabel('Overdue alert (%)').fill('150');
    await section.getByRole('button', { name: 'Save Settings' }).click();
    await section.getByText('Overdue alert must be a whole percent from 1 to 100, or left empty.', { exact: true }).waitFor();
    await section.getByLabel('Overdue alert (%)').fill('25');
    await section.getByText("Admin group ID must be the group's chat ID: a negative whole number, such as -1001234567890, or left empty.", { exact: true }).waitFor();
    await section.getByLabel('Admin Group ID').fill('-1001234567890');
    await section.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Notification Settings Saved', { exact: true }).waitFor();
    await page.getByText('The bot sends its alerts by them from now on.', { exact: true }).waitFor();

    await page.reload();
    await section.getByLabel('Error alerts').waitFor();
    t.notOk(await section.getByLabel('Error alerts').isChecked(), 'error alerts stay off');
    t.ok(await section.getByLabel('Daily reports').isChecked());
    t.equal(await section.getByLabel('Admin Telegram ID').inputValue(), '5551234');
    t.equal(await section.getByLabel('Admin Group ID').inputValue(), '-1001234567890');
    t.equal(await section.getByLabel('Overdue alert (%)').inputValue(), '25');
    const [stored] = await server.sql`SELECT error_alerts, admin_telegram_id, admin_group_id, overdue_alert_percent FROM notification_settings`;
    t.strictSame({ ...stored }, { errorAlerts: false, adminTelegramId: 5551234, adminGroupId: -1001234567890, overdueAlertPercent: 25 });
    await page.goto(`${server.url}/notifications`);
  });

  await t.test('a viewer on a phone sees the notifications and their own unread count on Stats, but no settings button; the API refuses the settings', async (t) => {
    await raise(0, { kind: 'bot_disconnected', type: 'critical', priority: 5, title: 'Bot disconnected', message: 'The bot lost its connection to Telegram.' });
    const viewerPage: Page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAs(viewerPage, server.url, VIEWER.username, VIEWER.password, '/notifications');
    // The admin's marks are the admin's: the viewer has read none of the six.
    await viewerPage.getByRole('navigation', { name: 'Quick navigation' }).getByRole('link', { name: 'Stats 6 unread', exact: true }).waitFor();
    await viewerPage.getByRole('region', { name: /^Critical Alerts/ }).getByRole('article', { name: 'Error spike' }).waitFor();
    await viewerPage.getByRole('list', { name: 'Notifications' }).getByRole('article', { name: 'Error spike' }).waitFor();
    t.equal(await viewerPage.getByRole('link', { name: 'Notification Settings' }).count(), 0);
    const status = await viewerPage.evaluate(
      "fetch('/api/notification-settings', { headers: { Authorization: 'Bearer ' + localStorage.getItem('adminToken') } }).then((response) => response.status)",
    );
    t.equal(status, 403);
  });
});
