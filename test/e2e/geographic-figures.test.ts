import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import t from 'tap';
import type { Locator, Page } from 'playwright-core';
import { DEMO_PASSWORD, seedDemoData } from '../../scripts/seed-demo.js';
import { BOTH_WIDTHS, launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

// Geographic Analytics and Contact Analytics say what their figures count, draw the contacts'
// distribution, and send their filters. Screenshots of both screens (and the Analytics
// Regions tab) for every role at 1440×900 and 375×800 go to .tap/screenshots/ (not committed).
const SCREENSHOTS = path.join('.tap', 'screenshots', 'geographic-figures');
const ROLES = ['demo.viewer', 'demo.editor', 'demo.admin', 'demo.superadmin'] as const;

const server = await startTestServer();
t.teardown(() => server.close());
await seedDemoData(server.sql);
const browser = await launchBrowser();
t.teardown(() => browser.close());
await mkdir(SCREENSHOTS, { recursive: true });

async function cardNotes(page: Page): Promise<Record<string, string>> {
  await page.getByTestId('kpi-card').first().waitFor();
  const cards = await page.getByTestId('kpi-card').allInnerTexts();
  return Object.fromEntries(cards.map((text) => text.split('\n').map((line) => line.trim())).map((lines) => [lines[0], lines.at(-1)]));
}

/**
 * The buttons whose box leaves the viewport sideways (those below the fold are reached by scrolling
 * down; tabs by scrolling their tab list, which scrolls sideways by design).
 */
async function buttonsOutside(page: Page): Promise<string[]> {
  // A string, as the tests are type-checked without the DOM's types.
  return page.evaluate<string[]>(`
    [...document.querySelectorAll('button:not([role="tab"])')]
      .filter((button) => button.offsetParent !== null)
      .filter((button) => {
        const box = button.getBoundingClientRect();
        return box.left < 0 || box.right > window.innerWidth;
      })
      .map((button) => button.textContent.trim() || button.getAttribute('aria-label') || '?')`);
}

t.test('every card on Geographic and Contact Analytics says what it counts', async (t) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  t.teardown(() => page.close());
  await signInAs(page, server.url, 'demo.viewer', DEMO_PASSWORD, '/geographic-analytics?period=30d');
  t.same(await cardNotes(page), {
    'Total Requests': 'Requests that named a place',
    'Success Rate': "Each region's share of requests without an error, averaged",
    'Avg Response Time': 'Mean over the requests that named a place',
    'Active Regions': 'Regions with at least one request',
  });
  await page.goto(`${server.url}/contact-analytics`);
  t.same(await cardNotes(page), {
    'Total Contacts': 'In the directory now, whatever the period',
    'Active Contacts': 'Ones the bot can recommend',
    Verified: 'Contacts marked verified',
    'Emergency (24/7)': 'Available hours set to 24/7',
    'Avg Response (min)': "Contacts' stated response times, not the bot's",
  });
  await page.goto(`${server.url}/analytics?period=30d`);
  await page.getByTestId('kpi-card').first().waitFor();
  await page.getByRole('tab', { name: 'Regions' }).click();
  t.match(await page.getByTestId('regions-donut-note').innerText(), /^The centre adds up the 10 regions shown; requests that named no place are not counted\.$/);
});

t.test('Performance by Region sends the country filter and lists only that country', async (t) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  t.teardown(() => page.close());
  await signInAs(page, server.url, 'demo.viewer', DEMO_PASSWORD, '/geographic-analytics?period=30d');
  await page.getByTestId('kpi-card').first().waitFor();
  const country = await page.getByLabel('Country').locator('option').nth(1).innerText();
  const [request] = await Promise.all([
    page.waitForRequest((candidate) => candidate.url().includes('/api/performance-metrics')),
    page.getByLabel('Country').selectOption({ label: country }),
  ]);
  t.equal(new URL(request.url()).searchParams.get('country'), country, 'the screen sends the country');
  await page.getByRole('tab', { name: 'Performance by Region' }).click();
  const rows = await page.getByTestId('region-metrics').locator('li').allInnerTexts();
  t.ok(rows.length > 0, 'regions are listed');
  t.ok(rows.every((row) => row.includes(country)), `only regions of ${country}: ${rows.slice(0, 3).join(' | ')}`);
  t.ok(rows.every((row) => /(Response time [\d,]+ ms · )?Success rate \d+\.\d%$/.test(row.replace(/\s+/g, ' '))), 'each metric named as a person reads it');
});

t.test('a heatmap older than the cards is asked for again: the screen shows figures of one moment', async (t) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  t.teardown(() => page.close());
  await signInAs(page, server.url, 'demo.viewer', DEMO_PASSWORD);
  // The first heatmap answer is made to look computed earlier, with a place of its own.
  let heatmapCalls = 0;
  await page.route('**/api/geographic-heatmap?*', async (route) => {
    heatmapCalls += 1;
    if (heatmapCalls > 1) return route.continue();
    const response = await route.fetch();
    const body = (await response.json()) as { items: { city: string | null }[] };
    await route.fulfill({ response, json: { ...body, asOf: '2026-01-01T00:00:00.000Z', items: [{ ...body.items[0], city: 'Stale City' }] } });
  });
  await page.goto(`${server.url}/geographic-analytics?period=30d`);
  const cards = page.getByTestId('heatmap').locator(':scope > *');
  await cards.first().waitFor();
  t.equal(heatmapCalls, 2, 'the heatmap was asked for once more');
  t.notOk((await page.getByTestId('heatmap').innerText()).includes('Stale City'), 'the older heatmap is never shown');
  t.ok((await cards.count()) > 1, 'the current heatmap is');
});

t.test('Contact Analytics draws geographicDistribution on the map, sized and labelled by count', async (t) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  t.teardown(() => page.close());
  await signInAs(page, server.url, 'demo.viewer', DEMO_PASSWORD);
  const [response] = await Promise.all([
    page.waitForResponse((candidate) => candidate.url().includes('/api/contact-analytics?')),
    page.goto(`${server.url}/contact-analytics`),
  ]);
  const { geographicDistribution } = (await response.json()) as { geographicDistribution: { latitude: number; longitude: number; count: number }[] };
  t.ok(geographicDistribution.length > 1, 'the demo contacts are in several places');
  const map = page.getByRole('img', { name: /^Map of [\d,]+ located contacts in [\d,]+ places$/ });
  await map.waitFor();
  t.equal(await map.getByTestId('map-mark').count(), geographicDistribution.length, 'a circle per place');
  const largest = Math.max(...geographicDistribution.map((place) => place.count));
  t.ok((await map.locator('text').allTextContents()).includes(largest.toLocaleString('en-GB')), 'the largest circle carries its count');
  const circles = map.locator('circle');
  const radii = await Promise.all(Array.from({ length: await circles.count() }, async (_, index) => Number(await circles.nth(index).getAttribute('r'))));
  t.ok(Math.max(...radii) > Math.min(...radii), 'circles are sized by count');
  const titles = await map.locator('circle title').allTextContents();
  t.ok(titles.some((title) => /^\d[\d,]* contacts? near -?\d+\.\d, -?\d+\.\d$/.test(title)), 'each circle names its count');
  const total = geographicDistribution.reduce((sum, place) => sum + place.count, 0);
  t.match(await page.locator('figcaption').innerText(), `${total.toLocaleString('en-GB')} located contact`);

  const region = await page.getByLabel('Region').locator('option').nth(1).innerText();
  await page.getByLabel('Region').selectOption({ label: region });
  await page.waitForURL(/region=/);
  await page.getByRole('img', { name: /^Map of / }).waitFor();
  await t.resolves(
    page.waitForFunction(`document.querySelectorAll('[data-testid="map-mark"]').length < ${geographicDistribution.length}`),
    'the map narrows to the region',
  );
  await page.getByRole('tab', { name: 'Usage Patterns' }).click();
  t.equal(await page.getByTestId('usage-note').innerText(), `Counts the requests that named a place in ${region}.`, 'Usage Patterns says whose requests it counts');
  await page.getByRole('tab', { name: 'Performance' }).click();
  const responseTimesNote = await page.getByTestId('response-times-note').innerText();
  t.ok(responseTimesNote.startsWith(`How fast the bot answered the requests that named a place in ${region}.`), 'Response Time Distribution says whose requests it counts');
});

t.test('bar charts by region name every bar, however many regions there are', async (t) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  t.teardown(() => page.close());
  await signInAs(page, server.url, 'demo.viewer', DEMO_PASSWORD);
  for (const [url, tab, title] of [
    ['/contact-analytics', 'Geographic Distribution', 'Contacts by Region'],
    ['/geographic-analytics?period=30d', 'Performance by Region', 'Average Response Time by Region'],
  ] as const) {
    await page.goto(`${server.url}${url}`);
    await page.getByRole('tab', { name: tab }).click();
    const chart = page.locator('.tremor-Card-root', { has: page.getByText(title, { exact: true }) });
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    const bars = await chart.locator('.recharts-bar-rectangle').count();
    const names = await chart.locator('.recharts-yAxis .recharts-cartesian-axis-tick-value').allInnerTexts();
    t.ok(bars >= 10, `${title}: the demo has many regions (${bars})`);
    t.equal(names.length, bars, `${title}: a name beside each bar`);
  }
});

/** The texts among these elements that overflow their box (an ellipsis, a hidden overflow): names cut short. */
async function cutTexts(elements: Locator): Promise<string[]> {
  await elements.first().waitFor();
  return elements.evaluateAll((nodes) =>
    (nodes as unknown as { scrollWidth: number; clientWidth: number; scrollHeight: number; clientHeight: number; textContent: string | null }[])
      .filter((node) => node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1)
      .map((node) => node.textContent ?? ''),
  );
}

t.test('place and region names are never cut short: the heatmap cards and the lists of places', async (t) => {
  for (const viewport of BOTH_WIDTHS) {
    const page = await browser.newPage({ viewport });
    t.teardown(() => page.close());
    await signInAs(page, server.url, 'demo.viewer', DEMO_PASSWORD, '/geographic-analytics?period=30d');
    t.same(await cutTexts(page.getByTestId('heatmap').locator(':scope > * p:first-child')), [], `${viewport.width}: heatmap cards`);
    await page.goto(`${server.url}/contact-analytics`);
    await page.getByRole('tab', { name: 'Geographic Distribution' }).click();
    t.same(await cutTexts(page.getByTestId('contacts-by-region').locator('li > span')), [], `${viewport.width}: Contact Analytics' Regions`);
    await page.goto(`${server.url}/analytics?period=30d`);
    await page.getByRole('tab', { name: 'Locations' }).click();
    t.same(await cutTexts(page.getByTestId('top-locations').locator('li > span')), [], `${viewport.width}: Analytics' top locations`);
  }
});

t.test('screens for every role at 1440 and 375: buttons inside the viewport', async (t) => {
  for (const role of ROLES) {
    for (const viewport of BOTH_WIDTHS) {
      const page = await browser.newPage({ viewport });
      await signInAs(page, server.url, role, DEMO_PASSWORD);
      for (const [name, url, tab] of [
        ['geographic', '/geographic-analytics?period=30d', 'Performance by Region'],
        ['contact', '/contact-analytics', 'Geographic Distribution'],
        ['analytics-regions', '/analytics?period=30d', 'Regions'],
      ] as const) {
        await page.goto(`${server.url}${url}`);
        await page.getByTestId('kpi-card').first().waitFor();
        await page.getByRole('tab', { name: tab }).click();
        if (name === 'contact') {
          const map = page.getByRole('img', { name: /^Map of / });
          await map.waitFor();
          // Drawn at about 40 % on a phone, the counts would be too small to read: the caption points to the Regions list.
          t.equal(await map.locator('text').first().isVisible(), viewport.width > 768, `${role} at ${viewport.width}: counts on the circles ${viewport.width > 768 ? 'shown' : 'left out'}`);
        }
        t.same(await buttonsOutside(page), [], `${role} ${name} at ${viewport.width}: every button inside the viewport`);
        t.equal(await page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), 0, `${role} ${name} at ${viewport.width}: no sideways scroll`);
        await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${role}-${viewport.width}.png`), fullPage: true });
      }
      await page.close();
    }
  }
});
