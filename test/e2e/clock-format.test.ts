import t, { type Test } from 'tap';
import type { Locator, Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { aBotLog, insertLogs } from '../helpers/bot-logs.js';
import { startTestServer } from '../helpers/server.js';
import { updateSystemSettings } from '../../sql/settings.js';

const ADMIN = { username: 'ada', password: 'ada-the-admin-pass', role: 'admin' as const, firstName: 'Ada' };
const DESKTOP = { width: 1440, height: 900 };
const MOBILE = { width: 375, height: 812 };
/** The configured zone, UTC+05:30 all year; the browser is put in another, so a time read in the browser's zone shows. */
const ZONE = 'Asia/Kolkata';
const ZONE_OFFSET_MS = 330 * 60_000;
const BROWSER_ZONE = 'America/New_York';
/** 19:14 on 20 Nov 2025 in Kolkata, 08:44 in New York. */
const LAST_BACKUP = '2025-11-20T13:44:00.000Z';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Kolkata's wall clock at an instant, worked out by hand rather than by the Intl the console uses. */
function wallClock(iso: string, twelveHour: boolean, seconds = false) {
  const local = new Date(Date.parse(iso) + ZONE_OFFSET_MS);
  const hours = local.getUTCHours();
  const pad = (value: number) => String(value).padStart(2, '0');
  const rest = `${pad(local.getUTCMinutes())}${seconds ? `:${pad(local.getUTCSeconds())}` : ''}`;
  return {
    date: `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`,
    time: twelveHour ? `${hours % 12 || 12}:${rest} ${hours < 12 ? 'AM' : 'PM'}` : `${pad(hours)}:${rest}`,
  };
}

const server = await startTestServer();
t.teardown(() => server.close());
await server.createUser(ADMIN);
await updateSystemSettings(server.sql, { timeZone: ZONE });
const [log] = await insertLogs(server.sql, [aBotLog({ createdAt: new Date(Date.now() - 3 * 60_000), message: 'Answered a location' })]);
const browser = await launchBrowser();
t.teardown(() => browser.close());

async function pageAt(viewport: typeof DESKTOP, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport, timezoneId: BROWSER_ZONE });
  t.teardown(() => context.close());
  const page = await context.newPage();
  // This server has no data folder, so no backup: System Health's answer is given one, to show how its time reads.
  await page.route('**/api/system-health', async (route) => {
    const response = await route.fetch();
    const health = (await response.json()) as { backup: { lastBackupAt: string | null } };
    await route.fulfill({ response, json: { ...health, backup: { ...health.backup, lastBackupAt: LAST_BACKUP } } });
  });
  await signInAs(page, server.url, ADMIN.username, ADMIN.password, path);
  return page;
}

/** The figures' time the Dashboard was given, as the API says it. */
async function dashboardAsOf(page: Page): Promise<string> {
  const token = String(await page.evaluate('localStorage.getItem("adminToken")'));
  const response = await fetch(`${server.url}/api/bot-stats?period=7d`, { headers: { authorization: `Bearer ${token}` } });
  return ((await response.json()) as { asOf: string }).asOf;
}

/** The times of the Dashboard (figures, last backup) and Bot Logs (a log's exact time), on the clock asked for. */
async function checkTimes(t: Test, page: Page, twelveHour: boolean): Promise<void> {
  await page.goto(`${server.url}/dashboard`);
  const backup = wallClock(LAST_BACKUP, twelveHour);
  // The banner's sentence starts with how the system is: "All systems operational.", or what needs attention.
  const status = page.getByRole('status', { name: 'System Status' }).getByText(/Last backup: /);
  await status.waitFor();
  t.match(await status.innerText(), new RegExp(`\\. Last backup: ${backup.date} at ${backup.time}\\.$`), 'the last backup');
  const asOf = page.getByTestId('as-of');
  await asOf.waitFor();
  t.equal(await asOf.innerText(), `Figures as of ${wallClock(await dashboardAsOf(page), twelveHour).time}`, 'the figures’ time');

  await page.goto(`${server.url}/logs`);
  const time = page.getByRole('article', { name: 'INFO: Answered a location' }).locator('time');
  await time.waitFor();
  const exact = wallClock(log!.createdAt.toISOString(), twelveHour, true);
  t.equal(await time.getAttribute('title'), `${exact.date}, ${exact.time}`, 'a log’s exact time');
}

/** The elements showing a text that take up room on screen: a heading kept only for screen readers does not. */
async function seenTimes(locator: Locator): Promise<number> {
  let seen = 0;
  for (const element of await locator.all()) {
    const box = await element.boundingBox();
    if (box && box.width > 1 && box.height > 1) seen += 1;
  }
  return seen;
}

for (const viewport of [DESKTOP, MOBILE]) {
  t.test(`at ${viewport.width} px: times in the configured zone, 24-hour until the 12-hour clock is chosen`, async (t) => {
    const page = await pageAt(viewport, '/dashboard');
    await checkTimes(t, page, false);

    await page.goto(`${server.url}/settings`);
    await page.getByLabel('Clock format').selectOption({ label: '12-hour (2:05 PM)' });
    await page.locator('[data-sonner-toast]').getByText('Clock Format Saved', { exact: true }).waitFor();
    t.ok(await page.getByText(`Times show in ${ZONE}, the time zone of the System Settings.`, { exact: true }).isVisible(), 'the zone said beside the choice');
    await checkTimes(t, page, true);

    await page.goto(`${server.url}/settings`);
    await page.getByLabel('Clock format').selectOption({ label: '24-hour (14:05)' });
    await page.locator('[data-sonner-toast]').getByText('Clock Format Saved', { exact: true }).waitFor();
    await checkTimes(t, page, false);
  });
}

t.test('each screen’s title is seen once: in the header at 375 px, as the heading at 1440 px', async (t) => {
  for (const viewport of [MOBILE, DESKTOP]) {
    const page = await pageAt(viewport, '/dashboard');
    for (const [path, title] of [
      ['/dashboard', 'Dashboard'],
      ['/logs', 'Bot Logs'],
      ['/settings', 'Settings'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      const heading = page.getByRole('heading', { name: title, level: 1 });
      await heading.waitFor();
      const seen = (await seenTimes(page.getByRole('banner').getByText(title, { exact: true }))) + (await seenTimes(page.getByRole('main').getByText(title, { exact: true })));
      t.equal(seen, 1, `${title} at ${viewport.width} px, header and screen together`);
      if (viewport === MOBILE) t.ok(await page.getByRole('banner').getByText(title, { exact: true }).isVisible(), `${title}: the header shows it at 375 px`);
      else t.ok((await heading.boundingBox())!.width > 1, `${title}: the heading shows it at 1440 px`);
    }
  }
});
