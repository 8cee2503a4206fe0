import t from 'tap';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { DEMO_PASSWORD, seedDemoData } from '../../scripts/seed-demo.js';
import type { DashboardStats } from '../../api/contract/dashboard.js';
import { countryName } from '../../api/contract/countries.js';

const CARDS = ['Total Requests', 'Success Rate', 'Active Now', 'Avg Response Time'];

/** The figures the server gives the signed-in page for a window. */
async function serverStats(page: Page, baseUrl: string, period: string): Promise<DashboardStats> {
  const token = String(await page.evaluate('localStorage.getItem("adminToken")'));
  const response = await fetch(`${baseUrl}/api/bot-stats?period=${period}`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as DashboardStats;
}

/** What a summary card says, read from its accessible name ("Total Requests: 1,234"). */
async function cardValue(page: Page, label: string): Promise<string> {
  const card = page.getByRole('link', { name: new RegExp(`^${label}: `) });
  await card.waitFor();
  return (await card.getAttribute('aria-label'))!.slice(label.length + 2);
}

t.test('the Dashboard with the demo data: figures, chart, Top Locations, export, refresh and print', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await seedDemoData(server.sql);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
  await signInAs(page, server.url, 'demo.editor', DEMO_PASSWORD);
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

  await t.test('four summary cards, three stat cards, the chart and five top locations', async (t) => {
    const week = await serverStats(page, server.url, '7d');
    t.ok(week.totalRequests.value! > 0, 'the demo data has requests this week');
    t.equal(await cardValue(page, 'Total Requests'), week.totalRequests.value!.toLocaleString('en-GB'));
    t.equal(await cardValue(page, 'Active Now'), week.activeUsers.value!.toLocaleString('en-GB'));
    t.equal(await cardValue(page, 'Success Rate'), `${week.successRate.value!.toFixed(1)}%`);
    t.equal(await cardValue(page, 'Avg Response Time'), `${week.avgResponseSeconds.value!.toFixed(2)}s`);
    for (const label of CARDS) t.ok(await page.getByRole('link', { name: new RegExp(`^${label}: `) }).isVisible(), `${label} card`);
    for (const label of ['Medical Contacts', 'Bot Users', 'Broadcasts Sent']) {
      t.ok(await page.getByRole('term').filter({ hasText: label }).isVisible(), `${label} stat card`);
    }
    t.ok(
      await page.getByText(/^Finished in this time range, cancelled ones included: [\d,]+ messages? delivered$/).isVisible(),
      'Broadcasts Sent says it counts cancelled broadcasts, which the Broadcasts screen lists apart',
    );
    const chart = page.getByRole('region', { name: 'Request Volume' });
    await chart.locator('.recharts-area').first().waitFor();
    t.equal(await chart.getByRole('link', { name: 'View All' }).getAttribute('href'), '/analytics');

    const locations = page.getByRole('region', { name: 'Top Locations' });
    t.equal(await locations.getByRole('listitem').count(), 5);
    const top = week.topLocations[0]!;
    t.match(await locations.getByRole('listitem').first().innerText(), `${top.city}, ${countryName(top.country)}`, 'the country named in English');
    t.match(await locations.getByRole('listitem').first().innerText(), new RegExp(`${top.contacts} active contacts?$`), 'the count says it counts the active ones');
    t.equal(await locations.getByRole('link', { name: 'View All' }).getAttribute('href'), '/medical-contacts');
  });

  await t.test('Directory Freshness: the figures the server gives, and the verified share week by week', async (t) => {
    const { verification } = await serverStats(page, server.url, '7d');
    const freshness = page.getByRole('region', { name: 'Directory Freshness' });
    const figures = freshness.locator('dl[aria-label="Directory freshness figures"]');
    const figure = async (label: string) => (await figures.locator('div', { has: page.getByRole('term').filter({ hasText: label }) }).getByRole('definition').first().innerText()).trim();
    t.equal(await figure(`Verified within ${verification.reverifyAfterDays} days`), `${verification.verifiedShare!.toFixed(1)}%`);
    t.equal(await figure('Due this week'), verification.dueThisWeek.toLocaleString('en-GB'));
    t.equal(await figure('Overdue'), verification.overdue.toLocaleString('en-GB'));
    t.equal(await figure('Reports open over 2 business days'), verification.reportsOpenTooLong.toLocaleString('en-GB'));
    t.equal(await figure('Confirmed by the contacts'), `${verification.selfConfirmedShare!.toFixed(1)}%`);
    await freshness.locator('.recharts-line').first().waitFor();
    t.ok(await freshness.getByRole('heading', { name: 'Verified share by week' }).isVisible(), 'the chart');
  });

  await t.test('Today shows the last 24 hours, hour by hour, with other figures', async (t) => {
    const weekTotal = await cardValue(page, 'Total Requests');
    await page.getByRole('group', { name: 'Time range' }).getByRole('button', { name: 'Today' }).click();
    await page.waitForURL(/range=24h/);
    const today = await serverStats(page, server.url, '24h');
    t.not(today.totalRequests.value!.toLocaleString('en-GB'), weekTotal, 'the demo data differs between the windows');
    await page.getByRole('link', { name: `Total Requests: ${today.totalRequests.value!.toLocaleString('en-GB')}` }).waitFor();
    t.equal(today.requestVolume.length, 24);
    t.pass('the card shows the last 24 hours');
    const sentence = page.getByTestId('window-sentence');
    t.match(await sentence.innerText(), new RegExp(`^The last 24 hours, to \\d\\d:\\d\\d \\(${today.timeZone}\\)$`), 'the window is said under the selector');
    t.match(await page.getByTestId('as-of').innerText(), /^Figures as of \d\d:\d\d$/, 'and when its figures were computed');
    const definitions = await page.getByTestId('card-definition').allInnerTexts();
    t.ok(definitions.includes('Share of requests answered without an error (an ERROR log)'), 'the success rate says what it counts');
  });

  await t.test('an editor exports the figures on screen as spec §9 CSV', async (t) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Data' }).click()]);
    t.match(download.suggestedFilename(), /^dashboard-analytics-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\n');
    t.equal(lines[0], 'Date,Total Requests,Success Rate,Response Time');
    t.equal(lines.length, 25, 'a row per hour of Today');
  });

  await t.test('Refresh reloads and says so, with figures computed now', async (t) => {
    const fresh = page.waitForRequest((request) => request.url().includes('/api/bot-stats?') && request.headers()['cache-control'] === 'no-cache');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await fresh;
    t.pass('it asks the server for new figures, not the kept ones');
    await page.locator('[data-sonner-toast]').getByText('Dashboard Refreshed', { exact: true }).waitFor();
    t.pass('the toast "Dashboard Refreshed"');
  });

  await t.test('print media shows the report without the navigation or the buttons', async (t) => {
    await page.emulateMedia({ media: 'print' });
    t.notOk(await page.getByRole('navigation', { name: 'Main' }).isVisible(), 'no sidebar navigation');
    t.notOk(await page.getByRole('button', { name: 'Export Data' }).isVisible(), 'no buttons');
    t.notOk(await page.getByRole('group', { name: 'Time range' }).isVisible(), 'no time-range selector');
    t.ok(await page.getByRole('link', { name: /^Total Requests: / }).isVisible(), 'the cards');
    t.ok(await page.getByRole('region', { name: 'Request Volume' }).isVisible(), 'the chart');
    t.ok(await page.getByRole('status', { name: 'System Status' }).isVisible(), 'the status');
    t.ok(await page.getByText('Time range: Today (24h)', { exact: true }).isVisible(), 'which window it is');
    await page.emulateMedia({ media: 'screen' });
    t.ok(await page.getByRole('navigation', { name: 'Main' }).isVisible(), 'the navigation is back on screen');
  });

  await t.test('a card leads to the screen with its detail', async (t) => {
    await page.getByRole('link', { name: /^Active Now: / }).click();
    await page.waitForURL(/\/users$/);
    t.pass('Active Now opens Bot Users');
  });

  await t.test('a viewer may export the figures too: they name no one (README, "Who may export what")', async (t) => {
    const viewerPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(viewerPage, server.url, 'demo.viewer', DEMO_PASSWORD);
    await viewerPage.getByRole('link', { name: /^Total Requests: / }).waitFor();
    t.ok(await viewerPage.getByRole('button', { name: 'Refresh' }).isVisible());
    t.ok(await viewerPage.getByRole('button', { name: 'Print Report' }).isVisible());
    const [download] = await Promise.all([viewerPage.waitForEvent('download'), viewerPage.getByRole('button', { name: 'Export Data' }).click()]);
    t.match(download.suggestedFilename(), /^dashboard-analytics-\d{4}-\d{2}-\d{2}\.csv$/, 'the CSV downloads');
  });
});
