import t from 'tap';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, seedDemoData } from '../../scripts/seed-demo.js';
import { ACTIVE_USERS_DEFINITION, SUCCESS_RATE_DEFINITION, USERS_WHO_ASKED_DEFINITION } from '../../api/contract/figure-definitions.js';
import { BOTH_WIDTHS, launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

// A figure that two screens show under one name says the same thing and shows the same value on
// both, its card saying what it counts under the figure and as its tooltip; the figures of users
// with other meanings say which they are (docs/specification.md §9, "one name, one figure").

const server = await startTestServer();
t.teardown(() => server.close());
await seedDemoData(server.sql);
const browser = await launchBrowser();
t.teardown(() => browser.close());

/** A card whose tooltip is `definition`: its visible text, which must hold the definition too. */
async function cardWithTooltip(page: Page, definition: string): Promise<string> {
  const card = page.locator(`[title="${definition}"]`);
  await card.waitFor();
  return card.innerText();
}

for (const viewport of BOTH_WIDTHS) {
  t.test(`${viewport.width} px`, async (t) => {
    const page = await browser.newPage({ viewport });
    t.teardown(() => page.close());
    await signInAs(page, server.url, 'demo.admin', DEMO_PASSWORD, '/dashboard?range=7d');

    const dashboard = {
      successRate: await cardWithTooltip(page, SUCCESS_RATE_DEFINITION),
      activeNow: await cardWithTooltip(page, USERS_WHO_ASKED_DEFINITION),
    };
    // The figure is the card's second line (paragraphs put blank lines between theirs).
    const value = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean)[1];
    t.match(dashboard.successRate, /^Success Rate\n\d+\.\d%\n/, 'the Dashboard names its Success Rate card as the spec does');
    t.ok(dashboard.successRate.includes(SUCCESS_RATE_DEFINITION), 'and says what it counts, visibly');
    t.match(dashboard.activeNow, /^Active Now\n[\d,]+\n/);
    t.ok(dashboard.activeNow.includes(USERS_WHO_ASKED_DEFINITION));

    await t.test('System Health weighs the heap against its limit', async (t) => {
      await page.getByRole('button', { name: 'System Health' }).click();
      const dialog = page.getByRole('dialog', { name: 'System Health' });
      const heap = dialog.locator('dt', { hasText: 'JavaScript heap' }).locator('xpath=following-sibling::dd');
      await heap.waitFor();
      t.match(await heap.innerText(), /^\d+(\.\d)? MB used of its \d+(\.\d)? GB limit$/);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
    });

    await t.test('Analytics: the same words and the same figures', async (t) => {
      await page.goto(`${server.url}/analytics?period=7d`);
      const successRate = await cardWithTooltip(page, SUCCESS_RATE_DEFINITION);
      const uniqueUsers = await cardWithTooltip(page, USERS_WHO_ASKED_DEFINITION);
      t.match(successRate, /^Success Rate\n+\d+\.\d%\n/);
      t.equal(value(successRate), value(dashboard.successRate), 'Success Rate as on the Dashboard');
      t.match(uniqueUsers, /^Unique Users\n/);
      t.equal(value(uniqueUsers), value(dashboard.activeNow), "Unique Users is the Dashboard's Active Now");
    });

    await t.test('Analytics Regions: the top 10, as its titles say', async (t) => {
      await page.getByRole('tab', { name: 'Regions' }).click();
      await page.getByText('Top 10 Regions by Requests', { exact: true }).waitFor();
      t.ok(await page.getByText('Requests by Region (Top 10)', { exact: true }).isVisible());
      const rows = await page.getByTestId('regions').locator('li').allInnerTexts();
      t.equal(rows.length, 10, 'the demo data has more regions than that');
      t.equal(new Set(rows.map((row) => row.split('\n')[0])).size, 10, 'each once');
    });

    await t.test('Performance by Region: each region once, with both metrics', async (t) => {
      await page.goto(`${server.url}/geographic-analytics?period=30d`);
      await page.getByTestId('kpi-card').first().waitFor();
      await page.getByRole('tab', { name: 'Performance by Region' }).click();
      const list = page.getByTestId('region-metrics');
      await list.locator('li').first().waitFor();
      const rows = (await list.locator('li').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim());
      const regions = rows.map((row) => row.replace(/ (Response time [\d,]+ ms · )?Success rate \d+\.\d%$/, ''));
      t.ok(rows.length > 1, 'regions are listed');
      t.equal(new Set(regions).size, rows.length, `each region once: ${regions.slice(0, 3).join(' | ')}`);
      t.ok(rows.every((row) => /Response time [\d,]+ ms · Success rate \d+\.\d%$/.test(row)), 'both metrics in its row');
    });

    await t.test('Bot Users and Broadcasts say which users they count', async (t) => {
      await page.goto(`${server.url}/users`);
      const summary = page.getByRole('definition').filter({ hasText: ACTIVE_USERS_DEFINITION });
      await summary.waitFor();
      t.ok(await summary.isVisible(), 'Active Users: not blocked by them, staff-blocked included');
      await page.goto(`${server.url}/messaging/broadcasts`);
      const reachable = page.getByText(/^[\d,]+ reachable: active, not blocked by staff$/);
      await reachable.waitFor();
      t.ok(await reachable.isVisible(), 'Total Users says how many a broadcast to all reaches');
    });
  });
}
