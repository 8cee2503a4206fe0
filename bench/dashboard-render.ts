/**
 * The Dashboard's figure (issue 7): from navigating to /dashboard?range=… to the page fully rendered
 * (the four cards, the request chart's area, Top Locations and the System Status banner) in headless
 * Chromium on localhost, with the demo data; and GET /api/bot-stats per window as the page fetches it.
 *
 *   npx tsx bench/dashboard-render.ts                                   # embedded PGlite, in memory
 *   BENCH_DATABASE_URL=postgres://…/db npx tsx bench/dashboard-render.ts  # that database (demo data loaded once)
 *
 * Options (environment): BENCH_LOADS (20 per window). Writes bench/results/dashboard-render.json.
 */
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { loadConfig } from '../scripts/config.js';
import { startProduct } from '../scripts/product.js';
import { DEMO_PASSWORD } from '../scripts/seed-demo.js';
import { launchBrowser, signIn } from '../test/helpers/browser.js';
// The cities the tests load: the full gazetteer would add minutes to start-up and nothing to this figure.
import { LARGE_CITIES } from '../test/helpers/gazetteer.js';
import { percentiles, writeResults } from './support.js';

const LOADS = Number(process.env.BENCH_LOADS ?? 20);
const PERIODS = ['24h', '7d', '30d'] as const;

/** Milliseconds from navigation to everything on the Dashboard drawn. */
async function renderDashboard(page: Page, url: string): Promise<number> {
  const before = performance.now();
  await page.goto(url);
  await Promise.all([
    page.getByRole('link', { name: /^Avg Response Time: / }).waitFor(),
    page.getByRole('region', { name: 'Request Volume' }).locator('.recharts-area').first().waitFor(),
    page.getByRole('region', { name: 'Top Locations' }).getByRole('listitem').first().waitFor(),
    page.getByRole('status', { name: 'System Status' }).waitFor(),
  ]);
  return performance.now() - before;
}

/** Milliseconds of GET /api/bot-stats over HTTP on localhost, with the page's session. */
async function fetchStats(baseUrl: string, token: string, period: string): Promise<number> {
  const before = performance.now();
  const response = await fetch(`${baseUrl}/api/bot-stats?period=${period}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET /api/bot-stats: ${response.status}`);
  await response.json();
  return performance.now() - before;
}

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_DATA: 'on' });
  const product = await startProduct({
    ...config,
    dataDir: null,
    databaseUrl,
    consoleDir: path.resolve('console/dist'),
    initialAdmin: { username: 'root', password: 'root-password-for-bench' },
    gazetteerFilter: LARGE_CITIES,
  });
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, product.url, 'demo.admin', DEMO_PASSWORD);
    const token = String(await page.evaluate('localStorage.getItem("adminToken")'));
    const [counted] = await product.database.sql<{ logs: number }[]>`SELECT count(*)::int AS logs FROM bot_logs`;
    const results: Record<string, unknown> = {};
    for (const period of PERIODS) {
      const url = `${product.url}/dashboard?range=${period}`;
      const first = await renderDashboard(page, url);
      const loads: number[] = [];
      for (let index = 0; index < LOADS; index++) loads.push(await renderDashboard(page, url));
      const requests: number[] = [];
      for (let index = 0; index < LOADS; index++) requests.push(await fetchStats(product.url, token, period));
      results[period] = { firstLoadMs: Math.round(first), renderMs: percentiles(loads), botStatsRequestMs: percentiles(requests) };
      const render = percentiles(loads);
      console.log(`${period}: first ${Math.round(first)} ms; render p50 ${render.p50} ms, p95 ${render.p95} ms; GET /api/bot-stats p50 ${percentiles(requests).p50} ms`);
    }
    await writeResults('dashboard-render', {
      measuredAt: new Date().toISOString(),
      database: databaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'embedded PGlite (in memory)',
      machine: { cpus: os.cpus().length, node: process.version },
      demoLogs: counted!.logs,
      loadsPerWindow: LOADS,
      note: 'Full page loads (navigation, console bundle from cache, sign-in kept) until the cards, chart area, Top Locations and status banner are drawn.',
      results,
    });
  } finally {
    await browser.close();
    await product.stop();
  }
}

await main();
