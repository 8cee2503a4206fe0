import { readFile } from 'node:fs/promises';
import t from 'tap';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, seedDemoData } from '../../scripts/seed-demo.js';
import { changedTexts, launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { apiAs, fieldProblem, refusalOf, requestsTo } from '../helpers/refused-filter.js';

const today = () => new Date().toISOString().slice(0, 10);

async function kpiValues(page: Page): Promise<string[]> {
  await page.getByTestId('kpi-card').first().waitFor();
  return (await page.getByTestId('kpi-value').allInnerTexts()).map((text) => text.trim());
}

/** Resolves once the figures on screen differ from `before`. */
async function changedKpis(page: Page, before: string[]): Promise<string[]> {
  return changedTexts(page.getByTestId('kpi-value'), before);
}

async function downloadedCsv(page: Page, button: string): Promise<{ name: string; lines: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button, exact: true }).click()]);
  const text = await readFile((await download.path())!, 'utf8');
  return { name: download.suggestedFilename(), lines: text.trim().split('\n') };
}

t.test('the analytics screens over the demo data', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await seedDemoData(server.sql);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());

  await t.test('an editor reads the Analytics Dashboard, changes the period and exports it', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    t.teardown(() => page.close());
    await signInAs(page, server.url, 'demo.editor', DEMO_PASSWORD, '/analytics');
    await page.getByRole('heading', { name: 'Analytics Dashboard', level: 1 }).waitFor();
    const week = await kpiValues(page);
    t.equal(week.length, 4, 'four KPI cards');
    t.same(
      (await page.getByTestId('kpi-card').allInnerTexts()).map((text) => text.split('\n')[0]),
      ['Total Requests', 'Unique Users', 'Avg Response Time (ms)', 'Success Rate'],
    );
    t.equal(await page.getByLabel('Time range').inputValue(), '7d', 'Last 7 days by default');
    await page.locator('.recharts-surface').first().waitFor();
    t.ok((await page.locator('.recharts-surface').count()) >= 2, 'the area and bar charts of the Overview tab');
    t.notOk((await page.getByTestId('kpi-trend').allInnerTexts()).every((trend) => trend === '—'), 'the cards compare with the week before');

    await page.getByLabel('Time range').selectOption({ label: 'Last 24h' });
    await page.waitForURL(/period=24h/);
    const day = await changedKpis(page, week);
    t.not(day[0], week[0], 'a day has fewer requests than a week');

    await page.getByRole('tab', { name: 'Performance' }).click();
    t.match(await page.getByTestId('peak-hour').innerText(), /^\d\d:00-\d\d:00$/, 'the busiest hour');
    await page.getByRole('tab', { name: 'Users' }).click();
    t.match(await page.getByTestId('top-users').getByRole('link').first().getAttribute('href'), /^\/users\?user=\d+$/);

    const csv = await downloadedCsv(page, 'Export');
    t.equal(csv.name, `analytics-24h-${today()}.csv`);
    t.equal(csv.lines[0], 'Section,Item,Metric,Value');
    t.ok(csv.lines.some((line) => line.startsWith(`Summary,Total Requests,value,${day[0]!.replace(/,/g, '')}`)), 'the total on screen');
  });

  for (const width of [1440, 375]) {
    await t.test(`a top user is named and opens their details (${width} px)`, async (t) => {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      t.teardown(() => page.close());
      await signInAs(page, server.url, 'demo.editor', DEMO_PASSWORD, '/analytics');
      await page.getByRole('tab', { name: 'Users' }).click();
      const link = page.getByTestId('top-users').getByRole('link').first();
      const telegramId = Number(new URLSearchParams((await link.getAttribute('href'))!.split('?')[1]).get('user'));
      const [stored] = await server.sql<{ name: string }[]>`
        SELECT concat_ws(' ', nullif(first_name, ''), last_name) AS name FROM telegram_users WHERE telegram_id = ${telegramId}`;
      t.equal(await link.innerText(), stored!.name, 'the name Bot Users shows, not "User" and digits');
      await link.click();
      await page.waitForURL(`**/users?user=${telegramId}`);
      await page.getByRole('dialog').getByRole('heading', { name: stored!.name, exact: true }).waitFor();
      t.pass('the user\'s details open');
    });
  }

  await t.test('Geographic Analytics follows its filters', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    t.teardown(() => page.close());
    await signInAs(page, server.url, 'demo.editor', DEMO_PASSWORD, '/geographic-analytics?period=30d');
    await page.getByRole('heading', { name: 'Geographic Analytics', level: 1 }).waitFor();
    const month = await kpiValues(page);
    t.same(
      (await page.getByTestId('kpi-card').allInnerTexts()).map((text) => text.split('\n')[0]),
      ['Total Requests', 'Success Rate', 'Avg Response Time', 'Active Regions'],
    );
    t.ok((await page.getByTestId('heatmap').locator('> *').count()) > 1, 'heatmap cards');
    t.equal(await page.getByLabel('Country').locator('option').first().innerText(), 'All Countries');
    await page.getByLabel('Period').selectOption({ label: '24 Hours' });
    await page.waitForURL(/period=24h/);
    await changedKpis(page, month);
    const country = await page.getByLabel('Country').locator('option').nth(1).innerText();
    await page.getByLabel('Country').selectOption({ label: country });
    await page.waitForURL(/country=/);
    await page.getByRole('tab', { name: 'Detailed Analytics' }).click();
    const rows = await page.getByTestId('geographic-details').locator('tbody tr').allInnerTexts();
    t.ok(rows.length > 0 && rows.every((row) => row.includes(country)), `only places in ${country}`);
  });

  await t.test('Geographic Analytics says so when the address names a country the period has no requests from', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    t.teardown(() => page.close());
    await signInAs(page, server.url, 'demo.viewer', DEMO_PASSWORD, '/geographic-analytics?period=30d&country=Atlantis');
    await page.getByTestId('kpi-card').first().waitFor();
    t.equal(await page.getByLabel('Country').inputValue(), 'Atlantis', 'the filter shows the country from the address');
    const unknown = 'Atlantis is not among the countries requests came from in this period. Choose another in Country, or All Countries.';
    for (const tab of ['Geographic Heatmap', 'Performance by Region', 'Detailed Analytics']) {
      await page.getByRole('tab', { name: tab }).click();
      t.equal(await page.getByText(unknown, { exact: true }).filter({ visible: true }).count(), 1, `${tab} says what happened`);
      t.equal(await page.getByText('No requests in this period.').filter({ visible: true }).count(), 0, `${tab}: not as if Atlantis merely had no requests`);
    }
    await page.getByLabel('Country').selectOption({ label: 'All Countries' });
    await page.waitForURL((url) => !url.searchParams.has('country'));
    await page.getByTestId('heatmap').waitFor();
    t.equal(await page.getByText(unknown, { exact: true }).count(), 0, 'All Countries shows every place again');
  });

  /** A place filter the API would refuse, in the address of a screen: named on its select, nothing asked. */
  const TOO_LONG_PLACES = [
    { path: '/geographic-analytics', api: ['/api/geographic-analytics', '/api/geographic-heatmap', '/api/performance-metrics'], key: 'country', label: 'Country', waiting: 'Change the country to see its figures.' },
    { path: '/contact-analytics', api: ['/api/contact-analytics'], key: 'region', label: 'Region', waiting: 'Change the region to see its figures.' },
  ];
  for (const { path, api, key, label, waiting } of TOO_LONG_PLACES) {
    await t.test(`${path}: a ${key} too long for the API, in the address: ${label} says so in the API's words, nothing asked`, async (t) => {
      const get = await apiAs(server.url, 'demo.editor', DEMO_PASSWORD);
      const value = 'z'.repeat(101);
      const message = `${label} can be at most 100 characters. Shorten it.`;
      t.equal(await refusalOf(await get(`${api[0]}?${key}=${value}`), key), message, `the API refuses that ${key} in these words`);

      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      t.teardown(() => page.close());
      await signInAs(page, server.url, 'demo.editor', DEMO_PASSWORD);
      const recorded = api.map((pathname) => requestsTo(page, pathname));
      await page.goto(`${server.url}${path}?${key}=${value}`);
      await page.getByText(message, { exact: true }).or(page.getByRole('alert')).or(page.getByTestId('kpi-card')).first().waitFor();
      t.equal(await page.getByRole('alert').count(), 0, 'no "Could not load" banner');
      t.same(recorded.flat(), [], 'no request the API would refuse');
      t.same(await fieldProblem(page, label, { exact: true }), { invalid: 'true', message }, `${label} is marked wrong and says why in the API's words`);
      t.equal(await page.getByText(waiting, { exact: true }).count(), 1, 'the screen says what it waits for');
      await page.getByLabel(label, { exact: true }).selectOption('');
      await page.getByTestId('kpi-card').first().waitFor();
      t.equal(await page.getByText(message, { exact: true }).count(), 0, 'choosing another ends it');
    });
  }

  await t.test('an editor exports Contact Analytics', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    t.teardown(() => page.close());
    await signInAs(page, server.url, 'demo.editor', DEMO_PASSWORD, '/contact-analytics');
    await page.getByRole('heading', { name: 'Contact Analytics', level: 1 }).waitFor();
    await kpiValues(page);
    t.same(
      (await page.getByTestId('kpi-card').allInnerTexts()).map((text) => text.split('\n')[0]),
      ['Total Contacts', 'Active Contacts', 'Verified', 'Emergency (24/7)', 'Avg Response (min)'],
    );
    t.equal(await page.getByLabel('Region').locator('option').first().innerText(), 'All Regions');
    await page.getByRole('tab', { name: 'Performance' }).click();
    const topWeek = (await page.getByTestId('top-contacts').allInnerTexts()).map((text) => text.trim());
    await page.getByLabel('Period').selectOption({ label: '24 Hours' });
    await page.waitForURL(/period=24h/);
    await changedTexts(page.getByTestId('top-contacts'), topWeek);
    const csv = await downloadedCsv(page, 'Export');
    t.equal(csv.name, `contact-analytics-24h-${today()}.csv`);
    t.equal(csv.lines[0], 'Section,Item,Metric,Value');
    t.ok(csv.lines.some((line) => line.startsWith('Summary,Total Contacts,count,')));

    await page.getByLabel('Period').selectOption({ label: '7 Days' });
    await page.getByRole('tab', { name: 'Trends' }).click();
    // The Trends tab's charts: Directory Freshness above the tabs has its weeks' axis of its own.
    const axis = page.locator('.tremor-TabPanel-root[aria-selected="true"] .recharts-xAxis text:visible');
    await axis.first().waitFor();
    const days = (await axis.allTextContents()).map((day) => day.trim());
    t.ok(days.length > 0 && days.every((day) => /^\d{1,2} [A-Z][a-z]{2}$/.test(day)), `the Trends axis writes days as every chart does: ${days.join(', ')}`);
  });

  await t.test('a viewer has no Export on the analytics screens, and 375 px needs no sideways scroll', async (t) => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    t.teardown(() => page.close());
    await signInAs(page, server.url, 'demo.viewer', DEMO_PASSWORD);
    // The analytics screens' exports are for editors and up (README, "Who may export what").
    for (const [path, heading] of [
      ['/analytics', 'Analytics Dashboard'],
      ['/geographic-analytics', 'Geographic Analytics'],
      ['/contact-analytics', 'Contact Analytics'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      await kpiValues(page);
      t.equal(await page.getByRole('button', { name: 'Export', exact: true }).count(), 0, `no Export on ${path}`);
      t.equal(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), 0, `${path} fits 375 px`);
    }
  });
});
