import t from 'tap';
import type { Test } from 'tap';
import type { Locator, Page, Route } from 'playwright-core';
import type { SystemHealth } from '../../api/contract/system-health.js';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { inViewport, layoutProblems } from '../helpers/layout.js';
import { startTestServer } from '../helpers/server.js';

// System Settings' "Backup hour" and the "Back up now?" confirmation of the embedded database (spec §2.4).
const server = await startTestServer();
t.teardown(() => server.close());
const browser = await launchBrowser();
t.teardown(() => browser.close());

const ADMIN = { username: 'bea', password: 'bea-the-admin-pass', role: 'admin' as const };
await server.createUser(ADMIN);
// A zone other than the default UTC: the label names the configured one.
await server.sql`UPDATE system_settings SET time_zone = 'Europe/Berlin'`;

const SIZES = [
  { width: 1440, height: 900 },
  { width: 375, height: 800 },
];
const HOUR_LABEL = 'Backup hour (0–23, Europe/Berlin)';
// This server keeps its database in memory, so it has no data folder to back up into.
const NO_BACKUPS = 'Backups cannot run: no data folder (DATA_DIR) is set for them';
const PAUSE_SECONDS = 12;
const PAUSE_TEXT = `The bot pauses for about ${PAUSE_SECONDS} s while the backup is taken: its answers wait until then. The automatic backup runs at a quiet hour (Settings → Backup hour).`;

async function storedHour(): Promise<number> {
  const [row] = await server.sql<{ backupHour: number }[]>`SELECT backup_hour FROM system_settings`;
  return row!.backupHour;
}

/** Scrolled to where a person would find it, the button lies wholly inside the viewport. */
async function reachable(t: Test, page: Page, locator: Locator, name: string): Promise<void> {
  await locator.scrollIntoViewIfNeeded();
  t.ok(await inViewport(page, locator), `${page.viewportSize()!.width} px: ${name} inside the viewport`);
}

/** The server's System Health answer as the embedded database gives it: a pause estimate. */
async function asEmbedded(route: Route): Promise<void> {
  const response = await route.fetch();
  const health = (await response.json()) as SystemHealth;
  await route.fulfill({ response, json: { ...health, backup: { ...health.backup, pauseSeconds: PAUSE_SECONDS } } });
}

for (const size of SIZES) {
  t.test(`${size.width} px`, async (t) => {
    await server.sql`UPDATE system_settings SET backup_hour = 4`;
    const context = await browser.newContext({ viewport: size });
    t.teardown(() => context.close());
    const page = await context.newPage();

    await t.test('Backup hour: the default 4 in the configured zone, a wrong hour refused by name, 23 saved', async (t) => {
      await signInAs(page, server.url, ADMIN.username, ADMIN.password, '/settings?section=system');
      const section = page.getByRole('region', { name: 'System Settings' });
      const hour = section.getByLabel(HOUR_LABEL, { exact: true });
      await hour.waitFor();
      t.equal(await hour.inputValue(), '4', 'the default');
      t.same(await layoutProblems(page), [], 'the form fits');
      const save = section.getByRole('button', { name: 'Save Settings' });

      await hour.fill('24');
      await save.click();
      await section.getByText('Backup hour must be a whole number from 0 to 23.', { exact: true }).waitFor();
      t.equal(await storedHour(), 4, 'nothing saved');
      await reachable(t, page, save, 'Save Settings');

      await hour.fill('23');
      await save.click();
      await page.locator('[data-sonner-toast]').getByText('System Settings Saved', { exact: true }).waitFor();
      t.equal(await storedHour(), 23, 'saved on the server');
      await page.reload();
      t.equal(await section.getByLabel(HOUR_LABEL, { exact: true }).inputValue(), '23', 'and shown after a reload');
    });

    await t.test('Back up now on the embedded database asks first, saying how long the bot pauses', async (t) => {
      const backupRequests: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/backups') backupRequests.push(request.url());
      });
      await page.route('**/api/system-health', asEmbedded);
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'System Health' }).click();
      const health = page.getByRole('dialog', { name: 'System Health' });
      const backUp = health.getByRole('button', { name: 'Back up now' });
      await backUp.waitFor();
      await reachable(t, page, backUp, 'Back up now');
      await reachable(t, page, health.getByRole('button', { name: 'Close', exact: true }), 'Close');

      await backUp.click();
      const confirm = page.getByRole('alertdialog', { name: 'Back up now?' });
      await confirm.getByText(PAUSE_TEXT, { exact: true }).waitFor();
      t.same(await layoutProblems(page), [], 'the confirmation fits');
      await reachable(t, page, confirm.getByRole('button', { name: 'Cancel' }), 'Cancel');
      await reachable(t, page, confirm.getByRole('button', { name: 'Back up now' }), 'the confirming Back up now');

      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      await backUp.click();
      const started = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/backups');
      await confirm.getByRole('button', { name: 'Back up now' }).click();
      await started;
      await confirm.waitFor({ state: 'detached' });
      // The server's real answer: it has no data folder to back up into.
      await page.locator('[data-sonner-toast]').getByText(NO_BACKUPS, { exact: true }).first().waitFor();
      t.equal(backupRequests.length, 1, 'one backup asked for: the cancelled confirmation started none');
      await page.unroute('**/api/system-health', asEmbedded);
      await health.getByRole('button', { name: 'Close', exact: true }).click();
      await health.waitFor({ state: 'detached' });
    });

    await t.test('Back up now on external PostgreSQL (no pause estimate) starts at once', async (t) => {
      // A fresh load: no System Health answer from the stubbed test above is kept.
      await page.goto(`${server.url}/`);
      await page.getByRole('button', { name: 'System Health' }).click();
      const health = page.getByRole('dialog', { name: 'System Health' });
      const started = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/backups');
      await health.getByRole('button', { name: 'Back up now' }).click();
      await started;
      t.equal(await page.getByRole('alertdialog', { name: 'Back up now?' }).count(), 0, 'no confirmation');
      await health.getByRole('button', { name: 'Close', exact: true }).click();
      await health.waitFor({ state: 'detached' });
    });
  });
}
