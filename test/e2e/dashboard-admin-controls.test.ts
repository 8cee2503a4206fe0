import t from 'tap';
import type { Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const ADMIN = { username: 'ada', password: 'ada-the-admin-pass', role: 'admin' as const, firstName: 'Ada' };
const VIEWER = { username: 'vic', password: 'vic-the-viewer-pass', role: 'viewer' as const, firstName: 'Vic' };
// This server keeps its database in memory, so it has no data folder to back up into.
const NO_BACKUPS = 'Backups cannot run: no data folder (DATA_DIR) is set for them';
const MAINTENANCE = 'Maintenance mode is on: only whitelisted admins are served';

async function toast(page: Page, text: string): Promise<void> {
  await page.locator('[data-sonner-toast]').getByText(text, { exact: true }).first().waitFor();
}

t.test('the Dashboard: welcome, time range, System Status, and the admin controls', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(ADMIN);
  await server.createUser(VIEWER);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const banner = page.getByRole('status', { name: 'System Status' });
  const bannerSays = (text: string) => banner.getByText(text, { exact: true }).waitFor();

  await signInAs(page, server.url, ADMIN.username, ADMIN.password);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

  await t.test('welcomes the signed-in user by first name', async (t) => {
    t.ok(await page.getByText('Welcome back, Ada.', { exact: false }).isVisible());
    t.equal(await page.getByText(/welcome back, admin/i).count(), 0);
  });

  await t.test('the time range: 7 Days by default, kept in the address', async (t) => {
    const range = page.getByRole('group', { name: 'Time range' });
    t.equal(await range.getByRole('button', { name: '7 Days' }).getAttribute('aria-pressed'), 'true');
    await range.getByRole('button', { name: '30 Days' }).click();
    await page.waitForURL(/range=30d/);
    await page.reload();
    t.equal(await page.getByRole('group', { name: 'Time range' }).getByRole('button', { name: '30 Days' }).getAttribute('aria-pressed'), 'true');
    t.equal(await page.getByRole('group', { name: 'Time range' }).getByRole('button', { name: '7 Days' }).getAttribute('aria-pressed'), 'false');
  });

  await t.test('the banner names what is wrong, then the last backup', async (t) => {
    await bannerSays(`Attention needed: ${NO_BACKUPS}. Last backup: No backup yet.`);
    t.pass();
  });

  await t.test('System Settings: change the daily limit and maintenance mode, save, reload and see them', async (t) => {
    await page.getByRole('button', { name: 'System Settings' }).click();
    let dialog = page.getByRole('dialog', { name: 'System Settings' });
    t.equal(await dialog.getByLabel('Default daily limit').inputValue(), '3');
    t.equal(await dialog.getByLabel('Max response time (seconds)').inputValue(), '30');
    t.equal(await dialog.getByLabel('Log level').inputValue(), 'INFO');
    t.equal(await dialog.getByLabel('Log retention (days)').inputValue(), '90');
    t.notOk(await dialog.getByLabel('Maintenance mode').isChecked());
    t.ok(await dialog.getByLabel('Automatic daily backup').isChecked());

    await dialog.getByLabel('Default daily limit').fill('5');
    await dialog.getByLabel('Maintenance mode').check();
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await toast(page, 'System Settings Saved');
    await dialog.waitFor({ state: 'detached' });
    await bannerSays(`Attention needed: ${MAINTENANCE}; ${NO_BACKUPS}. Last backup: No backup yet.`);
    const [stored] = await server.sql`SELECT default_daily_limit, maintenance_mode FROM system_settings`;
    t.same(stored, { defaultDailyLimit: 5, maintenanceMode: true }, 'saved on the server');

    await page.reload();
    await page.getByRole('button', { name: 'System Settings' }).click();
    dialog = page.getByRole('dialog', { name: 'System Settings' });
    t.equal(await dialog.getByLabel('Default daily limit').inputValue(), '5');
    t.ok(await dialog.getByLabel('Maintenance mode').isChecked());

    await t.test('the form says what is wrong and stays open', async (t) => {
      await dialog.getByLabel('Allowed groups').fill('-100999');
      await dialog.getByLabel('Default daily limit').fill('0');
      await dialog.getByRole('button', { name: 'Save Settings' }).click();
      await dialog.getByText('Daily limit must be a whole number from 1 to 10000.', { exact: true }).waitFor();
      await dialog.getByLabel('Default daily limit').fill('5');
      await dialog.getByRole('button', { name: 'Save Settings' }).click();
      await dialog.getByText('Allowed groups: -100999 is not an authorized group. Add it in Access Control first, or remove it from the list.', { exact: true }).waitFor();
      t.equal(await dialog.getByText(/allowedGroups|dailyLimit/).count(), 0, 'no raw field names on the form');
      t.ok(await dialog.getByRole('button', { name: 'Save Settings' }).isVisible(), 'still open');
    });

    await dialog.getByLabel('Allowed groups').fill('');
    await dialog.getByLabel('Maintenance mode').uncheck();
    await dialog.getByLabel('Automatic daily backup').uncheck();
    await dialog.getByRole('button', { name: 'Save Settings' }).click();
    await dialog.waitFor({ state: 'detached' });
    await bannerSays('All systems operational. Last backup: No backup yet.');
  });

  await t.test('System Health shows live values and refreshes while open', async (t) => {
    await page.getByRole('button', { name: 'System Health' }).click();
    const dialog = page.getByRole('dialog', { name: 'System Health' });
    const figure = (label: string) => dialog.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
    await figure('Uptime').waitFor();
    t.equal(await figure('Bot connection').innerText(), 'Connected');
    t.equal(await figure('Bot updates by').innerText(), 'Long polling');
    t.match(await figure('Database latency').innerText(), /^\d+(\.\d)? ms$/);
    t.match(await figure('Memory (RSS)').innerText(), /^\d+(\.\d)? MB$/);
    t.equal(await figure('Broadcast queue').innerText(), '0 waiting');
    t.equal(await figure('Last backup').innerText(), 'No backup yet');
    t.equal(await figure('Automatic backup').innerText(), 'Off');
    t.ok(await dialog.getByText('Operational', { exact: true }).isVisible());

    const asked = await page.waitForRequest((request) => request.url().endsWith('/api/system-health'), { timeout: 15_000 });
    t.ok(asked, 'asked again while open');

    await dialog.getByRole('button', { name: 'Back up now' }).click();
    await toast(page, 'Failed to start a backup');
    await page.locator('[data-sonner-toast]').getByText(NO_BACKUPS, { exact: true }).first().waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  await t.test('Notification Settings opens from the Admin Controls too', async (t) => {
    await page.getByRole('button', { name: 'Notification Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Notification Settings' });
    await dialog.getByLabel('Telegram notifications').waitFor();
    t.ok(await dialog.getByLabel('Telegram notifications').isChecked(), 'the saved settings, all on by default');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  await t.test("the dialogs are shortcuts: each links to its form's home on Settings", async (t) => {
    await page.getByRole('button', { name: 'System Settings' }).click();
    await page.getByRole('dialog', { name: 'System Settings' }).getByRole('link', { name: 'Open in Settings' }).click();
    await page.waitForURL((url) => url.pathname === '/settings' && url.searchParams.get('section') === 'system');
    const system = page.getByRole('region', { name: 'System Settings' });
    t.equal(await system.getByLabel('Default daily limit').inputValue(), '5', 'the same settings, in the same form');
    await page.goBack();
    await page.getByRole('link', { name: 'Settings screen' }).click();
    await page.waitForURL((url) => url.pathname === '/settings');
    await page.getByRole('region', { name: 'Notification Settings' }).getByLabel('Telegram notifications').waitFor();
    t.pass('the Admin Controls link to Settings too');
    await page.goto(`${server.url}/`);
  });

  await t.test('a viewer sees the banner but no Admin Controls, and the server refuses their save', async (t) => {
    const viewerPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(viewerPage, server.url, VIEWER.username, VIEWER.password);
    await viewerPage.getByRole('status', { name: 'System Status' }).getByText('All systems operational. Last backup: No backup yet.', { exact: true }).waitFor();
    t.ok(await viewerPage.getByText('Welcome back, Vic.', { exact: false }).isVisible());
    t.equal(await viewerPage.getByRole('heading', { name: 'Admin Controls' }).count(), 0);
    t.equal(await viewerPage.getByRole('button', { name: 'System Settings' }).count(), 0);
    // The viewer's own session token, as the console stores it (spec §3).
    const token = String(await viewerPage.evaluate('localStorage.getItem("adminToken")'));
    const { status } = await fetch(`${server.url}/api/system-settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ dailyLimit: 99, maxResponseTime: 30, allowedGroups: '', maintenanceMode: true, autoBackup: true, logLevel: 'INFO', logRetentionDays: 90 }),
    });
    t.equal(status, 403);
    const [stored] = await server.sql`SELECT default_daily_limit, maintenance_mode FROM system_settings`;
    t.same(stored, { defaultDailyLimit: 5, maintenanceMode: false }, 'nothing changed');
  });
});
