/**
 * The Mini App's figures: the gzip size of the JavaScript it loads before its first pins, and the time from
 * opening it (the frame's navigation) to its pins drawn, in headless Chromium at phone size, framed as
 * Telegram's web client frames it. The tiles are answered locally with one blank image, and the page's API
 * with the contract's fixtures (test/helpers/mini-app-fixtures.ts): what is timed is the page, its bundle and
 * its drawing; the API's own latency is bench/api.ts's.
 *
 *   npm run build:console && npx tsx bench/mini-app.ts   # starts the product itself (embedded, no demo data)
 *
 * Options (environment): BENCH_LOADS (20 cold opens). `npm run bench` calls measureMiniApp with its own product.
 */
import { sign } from '@tma.js/init-data-node';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { loadConfig } from '../scripts/config.js';
import { startProduct } from '../scripts/product.js';
import { launchBrowser } from '../test/helpers/browser.js';
import { LARGE_CITIES } from '../test/helpers/gazetteer.js';
import { aSession, LYON, nearestAnswer } from '../test/helpers/mini-app-fixtures.js';
import { listFiles, sizes, watchNetwork, type ConsoleAsset } from './console.js';
import type { BenchSection } from './report.js';
import { percentiles } from './support.js';

/** The issue's budgets: JavaScript to the first pins, and opening to pins drawn. */
export const MINI_APP_JAVASCRIPT_BUDGET_KB = 150;
export const MINI_APP_PINS_BUDGET_MS = 1000;

const PHONE = { width: 375, height: 667 };
/** A 1×1 transparent PNG: every tile. */
const BLANK_TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const HOST_PATH = '/bench-telegram-web';

/** The hash Telegram's web client gives the page: launch data signed (with a token of the bench's own: the API is answered here). */
function launchHash(): string {
  const initData = sign({ user: { id: 700001, first_name: 'Bench', language_code: 'en' } }, '1:bench-token', new Date());
  return new URLSearchParams({ tgWebAppData: initData, tgWebAppVersion: '8.0', tgWebAppPlatform: 'weba', tgWebAppThemeParams: '{"bg_color":"#ffffff"}' }).toString();
}

/** One cold open (a fresh browser context): the scripts it loaded before the pins, and how long after the frame's navigation they stood. */
async function openOnce(browser: Browser, baseUrl: string): Promise<{ pinsMs: number; assets: ConsoleAsset[] }> {
  const context = await browser.newContext({ viewport: PHONE });
  try {
    const page = await context.newPage();
    await page.route('https://tile.openstreetmap.org/**', (route) => route.fulfill({ contentType: 'image/png', body: BLANK_TILE }));
    await page.route('**/api/mini-app/**', (route) => {
      const url = new URL(route.request().url());
      if (url.pathname.endsWith('/session')) return route.fulfill({ json: aSession(700001, 'en') });
      return route.fulfill({ json: nearestAnswer(url.searchParams, 'en') });
    });
    const src = `/app/?latitude=${LYON.latitude}&longitude=${LYON.longitude}#${launchHash()}`;
    await page.route(`${baseUrl}${HOST_PATH}`, (route) =>
      route.fulfill({ contentType: 'text/html', body: `<!doctype html><body style="margin:0"><iframe src="${src.replaceAll('&', '&amp;')}" width="${PHONE.width}" height="${PHONE.height}" style="border:0"></iframe></body>` }),
    );
    const network = watchNetwork(page);
    await page.goto(`${baseUrl}${HOST_PATH}`);
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    if (!frame) throw new Error('the Mini App frame did not open');
    await frame.waitForSelector('.leaflet-marker-icon', { timeout: 30_000 });
    const pinsMs = await frame.evaluate(() => performance.now());
    const assets = (await network.take()).filter((asset) => asset.url !== HOST_PATH);
    return { pinsMs, assets };
  } finally {
    await context.close();
  }
}

export async function measureMiniApp(baseUrl: string, { loads = 20 }: { loads?: number } = {}): Promise<BenchSection> {
  const browser = await launchBrowser();
  try {
    const opens = [];
    for (let load = 0; load < loads; load++) opens.push(await openOnce(browser, baseUrl));
    const times = percentiles(opens.map((open) => open.pinsMs));
    const firstAssets = opens[0]!.assets;
    const firstSizes = sizes(firstAssets);
    return {
      title: 'Mini App',
      figures: [
        {
          metric: 'Mini App JavaScript to the first pins (gzip)',
          value: firstSizes.javascriptKb,
          unit: 'KB',
          target: { op: '<', value: MINI_APP_JAVASCRIPT_BUDGET_KB },
          detail: listFiles(firstAssets.filter((asset) => asset.type === 'script')),
        },
        { metric: 'Mini App CSS (gzip)', value: firstSizes.cssKb, unit: 'KB', detail: listFiles(firstAssets.filter((asset) => asset.type === 'stylesheet')) },
        {
          metric: 'Mini App opening to pins drawn p95',
          value: Math.round(times.p95),
          unit: 'ms',
          target: { op: '<', value: MINI_APP_PINS_BUDGET_MS },
          detail: `n = ${times.n} cold opens at ${PHONE.width} × ${PHONE.height}, tiles and API answered locally; p50 ${Math.round(times.p50)}, p99 ${Math.round(times.p99)}`,
        },
      ],
      raw: { gzip: 'each file gzipped at level 9; 1 KB = 1,000 bytes', assets: firstAssets, pinsMs: opens.map((open) => open.pinsMs) },
    };
  } finally {
    await browser.close();
  }
}

async function main() {
  const config = loadConfig({ ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_DATA: 'off' });
  const product = await startProduct({ ...config, dataDir: null, databaseUrl: undefined, consoleDir: path.resolve('console/dist'), gazetteerFilter: LARGE_CITIES });
  try {
    const section = await measureMiniApp(product.url, { loads: Number(process.env.BENCH_LOADS ?? 20) });
    for (const figure of section.figures) console.log(`${figure.metric}: ${figure.value} ${figure.unit}${figure.detail ? ` (${figure.detail})` : ''}`);
  } finally {
    await product.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
