/**
 * The console's figures: the gzip size of the JavaScript and CSS the login screen loads and
 * that each screen adds, which screens load the chart library, the time to fully rendered of the
 * Dashboard and the Medical Contacts screen, and the Message Templates screen's first open and search
 * keystrokes, in headless Chromium against a running product.
 *
 *   npm run build:console && npx tsx bench/console.ts   # starts the product itself (embedded, demo data)
 *
 * Options (environment): BENCH_LOADS (20 loads per timed screen); BENCH_ONLY=templates prints the
 * Message Templates screen's timings alone. Writes bench/results/console.json (not with BENCH_ONLY).
 * `npm run bench` calls measureConsole with its own product instead.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadConfig } from '../scripts/config.js';
import { startProduct } from '../scripts/product.js';
import { launchBrowser } from '../test/helpers/browser.js';
// The cities the tests load: the full gazetteer would add minutes to start-up and nothing to these figures.
import { LARGE_CITIES } from '../test/helpers/gazetteer.js';
import type { BenchSection, Figure } from './report.js';
import { percentiles, writeResults } from './support.js';

export interface ConsoleTarget {
  baseUrl: string;
  /** A staff account that may open every screen (a super admin). */
  username: string;
  password: string;
}

/** The issue's budget for the login screen's JavaScript, in KB (1 KB = 1,000 bytes) of gzip. */
export const LOGIN_JAVASCRIPT_BUDGET_KB = 150;

/** A JavaScript or CSS file the browser requested, with its size gzipped at level 9. */
export interface ConsoleAsset {
  url: string;
  type: 'script' | 'stylesheet';
  bytes: number;
  gzipBytes: number;
  /** The file holds recharts, the chart library Tremor's charts draw with. */
  charts: boolean;
}

interface Screen {
  name: string;
  path: string;
  /** The screen's h1, drawn once its code has loaded. */
  heading: string;
  /** The screen draws charts, so it may load the chart library. */
  drawsCharts: boolean;
}

/** The screens of the console's navigation, in its order. */
const SCREENS: readonly Screen[] = [
  { name: 'Dashboard', path: '/dashboard', heading: 'Dashboard', drawsCharts: true },
  { name: 'Bot Users', path: '/users', heading: 'Bot Users', drawsCharts: false },
  { name: 'Message Templates', path: '/messaging/templates', heading: 'Message Templates', drawsCharts: false },
  { name: 'Broadcasts', path: '/messaging/broadcasts', heading: 'Broadcast Messages', drawsCharts: false },
  { name: 'Medical Contacts', path: '/medical-contacts', heading: 'Medical Contacts Database', drawsCharts: false },
  { name: 'Verification Queue', path: '/verification', heading: 'Verification Queue', drawsCharts: false },
  { name: 'Analytics', path: '/analytics', heading: 'Analytics Dashboard', drawsCharts: true },
  { name: 'Geographic Analytics', path: '/geographic-analytics', heading: 'Geographic Analytics', drawsCharts: true },
  { name: 'Contact Analytics', path: '/contact-analytics', heading: 'Contact Analytics', drawsCharts: true },
  { name: 'Notifications', path: '/notifications', heading: 'Notifications', drawsCharts: false },
  { name: 'Bot Logs', path: '/logs', heading: 'Bot Logs', drawsCharts: false },
  { name: 'Bot Sandbox', path: '/bot-sandbox', heading: 'Bot Sandbox', drawsCharts: false },
  { name: 'Access Control', path: '/access-control', heading: 'Access Control', drawsCharts: false },
  { name: 'Admin Users', path: '/admin-users', heading: 'User Management', drawsCharts: false },
  { name: 'Settings', path: '/settings', heading: 'Settings', drawsCharts: false },
];

const DESKTOP = { width: 1440, height: 900 };
/** The network counts as idle after this long without a request in flight. */
const QUIET_MS = 500;
const WAIT_MS = 30_000;
/** A string recharts' own code carries (its wrapper's class name), and no chunk of ours. */
const CHART_LIBRARY_MARKER = 'recharts-wrapper';

const kilobytes = (bytes: number) => Math.round(bytes / 100) / 10;

/**
 * Watches a page's network: the JavaScript and CSS it loads (`take` returns those since the last
 * call) and whether requests are in flight (`quiet` waits until none has been for QUIET_MS).
 */
export function watchNetwork(page: Page) {
  let taken: ConsoleAsset[] = [];
  const reading = new Set<Promise<void>>();
  const failures: unknown[] = [];
  let inFlight = 0;
  let lastChange = performance.now();
  page.on('request', () => {
    inFlight++;
    lastChange = performance.now();
  });
  const finished = () => {
    inFlight--;
    lastChange = performance.now();
  };
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    // A 304 revalidates a file the page already has; its body is not the browser's to give.
    if (response.status() !== 200) return;
    const read = response
      .body()
      .then((body) => {
        taken.push({
          url: new URL(response.url()).pathname,
          type,
          bytes: body.length,
          gzipBytes: gzipSync(body, { level: 9 }).length,
          charts: type === 'script' && body.includes(CHART_LIBRARY_MARKER),
        });
      })
      // Reported by the next take; a page closed before then has nothing more to report.
      .catch((error: unknown) => void failures.push(error))
      .finally(() => reading.delete(read));
    reading.add(read);
  });
  return {
    /** Waits until no request has been in flight for QUIET_MS, counted from now at the earliest. */
    async quiet(): Promise<void> {
      lastChange = performance.now();
      const deadline = performance.now() + WAIT_MS;
      while (inFlight > 0 || performance.now() - lastChange < QUIET_MS) {
        if (performance.now() > deadline) throw new Error(`the network never went quiet at ${page.url()}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async take(): Promise<ConsoleAsset[]> {
      await Promise.all(reading);
      if (failures.length) throw failures[0];
      // A file served again from the cache counts once.
      const assets = [...new Map(taken.map((asset) => [asset.url, asset])).values()];
      taken = [];
      return assets;
    },
  };
}

export function sizes(assets: ConsoleAsset[]) {
  const sum = (type: ConsoleAsset['type']) => assets.filter((asset) => asset.type === type).reduce((total, asset) => total + asset.gzipBytes, 0);
  return { javascriptKb: kilobytes(sum('script')), cssKb: kilobytes(sum('stylesheet')), files: assets.length };
}

export function listFiles(assets: ConsoleAsset[]): string {
  return [...assets]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((asset) => `${path.basename(asset.url)} ${kilobytes(asset.gzipBytes)}`)
    .join(', ');
}

/** The JavaScript and CSS a first visit to the login screen loads, with an empty cache. */
export async function loginScreenAssets(browser: Browser, baseUrl: string): Promise<ConsoleAsset[]> {
  const context = await browser.newContext({ viewport: DESKTOP });
  try {
    const page = await context.newPage();
    const network = watchNetwork(page);
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor({ timeout: WAIT_MS });
    await network.quiet();
    return await network.take();
  } finally {
    await context.close();
  }
}

/**
 * Waits for a screen's heading, which appears once its code has loaded (a quiet network alone can
 * come too early on a busy machine, while the page's scripts still run), then for the network to go quiet.
 */
async function settle(page: Page, network: ReturnType<typeof watchNetwork>, screen: Screen): Promise<ConsoleAsset[]> {
  await page.getByRole('heading', { level: 1, name: screen.heading, exact: true }).waitFor({ timeout: WAIT_MS });
  await network.quiet();
  return network.take();
}

/** Moves to `path` inside the single-page app, as a click on a link does, without reloading. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(`history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`);
}

/** Signs in from the login screen, in a context of its own, and waits for the Dashboard's address. */
async function signIn(browser: Browser, target: ConsoleTarget) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const network = watchNetwork(page);
  await page.goto(`${target.baseUrl}/login`);
  await network.quiet();
  // The login screen's own files are measured on their own, with an empty cache.
  await network.take();
  await page.getByLabel('Email or Username').fill(target.username);
  await page.getByLabel('Password', { exact: true }).fill(target.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard/, { timeout: WAIT_MS });
  return { context, page, network };
}

/** What signing in (to the Dashboard, with the shell) and then opening each screen in turn adds. */
async function screenAdditions(browser: Browser, target: ConsoleTarget) {
  const { context, page, network } = await signIn(browser, target);
  const [dashboard, ...others] = SCREENS;
  const additions = [{ screen: 'Dashboard (sign-in, with the shell)', assets: await settle(page, network, dashboard!) }];
  for (const screen of others) {
    await navigateInApp(page, screen.path);
    additions.push({ screen: screen.name, assets: await settle(page, network, screen) });
  }
  return { context, additions };
}

/** Which screens, each opened by a full load with an empty cache, load the chart library. */
async function chartLoads(browser: Browser, session: BrowserContext, baseUrl: string) {
  const storageState = await session.storageState();
  const loads: { screen: string; drawsCharts: boolean; chartFiles: string[] }[] = [];
  for (const screen of SCREENS) {
    const context = await browser.newContext({ viewport: DESKTOP, storageState });
    try {
      const page = await context.newPage();
      const network = watchNetwork(page);
      await page.goto(`${baseUrl}${screen.path}`);
      const chartFiles = (await settle(page, network, screen)).filter((asset) => asset.charts).map((asset) => asset.url);
      loads.push({ screen: screen.name, drawsCharts: screen.drawsCharts, chartFiles });
    } finally {
      await context.close();
    }
  }
  return loads;
}

/** The elements that appear only once a screen's real data is drawn. */
const RENDERED: Record<'Dashboard' | 'Medical Contacts', { path: string; drawn: (page: Page) => Promise<unknown>[] }> = {
  Dashboard: {
    path: '/dashboard',
    drawn: (page) => [
      page.getByRole('link', { name: /^Avg Response Time: / }).waitFor({ timeout: WAIT_MS }),
      page.getByRole('region', { name: 'Request Volume' }).locator('.recharts-area').first().waitFor({ timeout: WAIT_MS }),
      page.getByRole('region', { name: 'Top Locations' }).getByRole('listitem').first().waitFor({ timeout: WAIT_MS }),
      page.getByRole('status', { name: 'System Status' }).waitFor({ timeout: WAIT_MS }),
    ],
  },
  'Medical Contacts': {
    path: '/medical-contacts',
    drawn: (page) => [
      page.getByRole('table', { name: 'Contacts' }).getByRole('row').nth(1).waitFor({ timeout: WAIT_MS }),
      page.getByRole('img', { name: /^Map of [\d,]+ located contacts$/ }).locator('circle').first().waitFor({ timeout: WAIT_MS }),
    ],
  },
};

/**
 * Milliseconds from navigation start (the browser's clock) until the screen's data is drawn, then
 * waits for the network to go idle so no load overlaps the next.
 */
async function timeRender(page: Page, network: ReturnType<typeof watchNetwork>, url: string, screen: keyof typeof RENDERED): Promise<number> {
  // From a blank page, so each load is a new navigation and not a reload, which would revalidate every file.
  await page.goto('about:blank');
  await page.goto(url, { waitUntil: 'commit' });
  await Promise.all(RENDERED[screen].drawn(page));
  const drawnMs = Number(await page.evaluate('performance.now()'));
  await network.quiet();
  await network.take();
  return drawnMs;
}

/** A first load with an empty cache, then `loads` full loads with the console cached, as a returning user. */
async function renderTimes(browser: Browser, session: BrowserContext, baseUrl: string, screen: keyof typeof RENDERED, loads: number) {
  const context = await browser.newContext({ viewport: DESKTOP, storageState: await session.storageState() });
  try {
    const page = await context.newPage();
    const network = watchNetwork(page);
    const url = `${baseUrl}${RENDERED[screen].path}`;
    const firstLoadMs = await timeRender(page, network, url, screen);
    const samples: number[] = [];
    for (let index = 0; index < loads; index++) samples.push(await timeRender(page, network, url, screen));
    return { firstLoadMs: Math.round(firstLoadMs), ...percentiles(samples) };
  } finally {
    await context.close();
  }
}

/** The Message Templates screen's line counting the templates listed, drawn with the list itself. */
const templateCount = (page: Page) => page.locator('p[aria-live="polite"]').filter({ hasText: /^[\d,]+ templates?$/ });

/** What the search box is typed with: the demo's 8 welcome templates (one per language) match it. */
const TEMPLATE_SEARCH = 'Welcome';

/**
 * Records the duration of each interaction (Chromium's Event Timing: from the key press to the next
 * paint after its handlers ran), the figure a person feels as the box lagging behind their typing.
 */
const WATCH_INTERACTIONS = `(() => {
  window.__interactions = new Map();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId || !entry.name.startsWith('key')) continue;
      window.__interactions.set(entry.interactionId, Math.max(window.__interactions.get(entry.interactionId) ?? 0, entry.duration));
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})()`;

/**
 * The Message Templates screen with the demo's templates: its first open from the Dashboard (loading
 * its code), later opens, and each keystroke of a search typed into its box
 * (Event Timing; a key under 16 ms is not reported by the browser and counts as 16).
 */
export async function templatesTimes(browser: Browser, session: BrowserContext, baseUrl: string, opens = 5) {
  const storageState = await session.storageState();
  const context = await browser.newContext({ viewport: DESKTOP, storageState });
  try {
    const page = await context.newPage();
    const network = watchNetwork(page);
    await page.goto(`${baseUrl}/dashboard`);
    // The first open loads the screen's code too; the later ones have it.
    const samples: number[] = [];
    for (let index = 0; index <= opens; index++) {
      if (index > 0) await navigateInApp(page, '/dashboard');
      await page.getByRole('heading', { level: 1, name: 'Dashboard', exact: true }).waitFor({ timeout: WAIT_MS });
      await network.quiet();
      const started = Number(await page.evaluate('performance.now()'));
      await navigateInApp(page, '/messaging/templates');
      await templateCount(page).waitFor({ timeout: WAIT_MS });
      samples.push(Number(await page.evaluate('performance.now()')) - started);
      await network.quiet();
    }
    const [firstOpenMs, ...later] = samples as [number, ...number[]];
    const listed = await templateCount(page).innerText();
    await page.evaluate(WATCH_INTERACTIONS);
    const box = page.getByLabel('Search templates');
    await box.click();
    // A key every 150 ms, a brisk typist, under the box's 250 ms pause: the list is asked for after the last key.
    for (const key of TEMPLATE_SEARCH) {
      await page.keyboard.press(key);
      await page.waitForTimeout(150);
    }
    await templateCount(page).filter({ hasNotText: listed }).waitFor({ timeout: WAIT_MS });
    const reported = (await page.evaluate('[...window.__interactions.values()]')) as number[];
    const keys = [...reported];
    // The keys the browser did not report took under 16 ms.
    while (keys.length < TEMPLATE_SEARCH.length) keys.push(16);
    return { firstOpenMs: Math.round(firstOpenMs), later: percentiles(later), keystroke: percentiles(keys), keystrokes: keys };
  } finally {
    await context.close();
  }
}

/** The issue's budgets for the Message Templates screen: opened in under 1 s, a key answered in under 100 ms. */
function templateFigures(times: Awaited<ReturnType<typeof templatesTimes>>): Figure[] {
  return [
    {
      metric: 'Console Message Templates first open',
      value: times.firstOpenMs,
      unit: 'ms',
      target: { op: '<', value: 1000 },
      detail: `from the Dashboard (its code not yet loaded) until the list is drawn; later opens p50 ${Math.round(times.later.p50)}, max ${Math.round(times.later.max)} (n = ${times.later.n})`,
    },
    {
      metric: 'Console Message Templates search keystroke max',
      value: Math.round(times.keystroke.max),
      unit: 'ms',
      target: { op: '<', value: 100 },
      detail: `"${TEMPLATE_SEARCH}" typed 150 ms a key, key press to next paint (Event Timing): ${times.keystrokes.map(Math.round).join(', ')}`,
    },
  ];
}

/**
 * Drives headless Chromium against the product at `baseUrl` and reports the console's figures:
 * sizes are of each file gzipped at level 9 (the product serves them uncompressed).
 */
export async function measureConsole(target: ConsoleTarget, { loads = 20 }: { loads?: number } = {}): Promise<BenchSection> {
  const browser = await launchBrowser();
  try {
    const login = await loginScreenAssets(browser, target.baseUrl);
    const { context: session, additions } = await screenAdditions(browser, target);
    const charts = await chartLoads(browser, session, target.baseUrl);
    const dashboard = await renderTimes(browser, session, target.baseUrl, 'Dashboard', loads);
    const contacts = await renderTimes(browser, session, target.baseUrl, 'Medical Contacts', loads);
    const templates = await templatesTimes(browser, session, target.baseUrl);
    await session.close();

    const loginSizes = sizes(login);
    const chartScreens = charts.filter((load) => load.chartFiles.length > 0);
    const strayCharts = [...(login.some((asset) => asset.charts) ? ['Login'] : []), ...chartScreens.filter((load) => !load.drawsCharts).map((load) => load.screen)];
    const figures: Figure[] = [
      {
        metric: 'Console login screen JavaScript (gzip)',
        value: loginSizes.javascriptKb,
        unit: 'KB',
        target: { op: '<', value: LOGIN_JAVASCRIPT_BUDGET_KB },
        detail: listFiles(login.filter((asset) => asset.type === 'script')),
      },
      { metric: 'Console login screen CSS (gzip)', value: loginSizes.cssKb, unit: 'KB', detail: listFiles(login.filter((asset) => asset.type === 'stylesheet')) },
      ...additions.map(({ screen, assets }): Figure => {
        const added = sizes(assets);
        return {
          metric: `Console JavaScript added by ${screen} (gzip)`,
          value: added.javascriptKb,
          unit: 'KB',
          detail: `CSS ${added.cssKb} KB; ${assets.length ? listFiles(assets) : 'nothing new'}`,
        };
      }),
      {
        metric: 'Console screens that load the chart library without drawing charts',
        value: strayCharts.length,
        unit: 'screens',
        target: { op: '<', value: 1 },
        detail: `${strayCharts.length ? `stray: ${strayCharts.join(', ')}; ` : ''}chart library loaded by ${chartScreens.map((load) => load.screen).join(', ') || 'no screen'}`,
      },
      ...(
        [
          ['Dashboard', dashboard],
          ['Medical Contacts', contacts],
        ] as const
      ).map(
        ([screen, times]): Figure => ({
          metric: `Console ${screen} time to fully rendered p95`,
          value: Math.round(times.p95),
          unit: 'ms',
          detail: `n = ${times.n} cached loads; p50 ${Math.round(times.p50)}, p99 ${Math.round(times.p99)}; first load (empty cache) ${times.firstLoadMs}`,
        }),
      ),
      ...templateFigures(templates),
    ];
    return {
      title: 'Console',
      figures,
      raw: {
        gzip: 'each file gzipped at level 9; 1 KB = 1,000 bytes',
        login: { ...loginSizes, assets: login },
        screenAdditions: additions.map(({ screen, assets }) => ({ screen, ...sizes(assets), assets })),
        chartLibrary: charts,
        renderMs: { dashboard, medicalContacts: contacts },
        messageTemplates: templates,
      },
    };
  } finally {
    await browser.close();
  }
}

/** The Message Templates screen's figures alone (BENCH_ONLY=templates), without writing results. */
async function measureTemplates(target: ConsoleTarget) {
  const browser = await launchBrowser();
  try {
    const { context } = await signIn(browser, target);
    try {
      const times = await templatesTimes(browser, context, target.baseUrl);
      return { figures: templateFigures(times), times };
    } finally {
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

async function main() {
  const consoleDir = path.resolve('console/dist');
  if (!existsSync(path.join(consoleDir, 'index.html'))) throw new Error('No built console in console/dist: run npm run build:console first');
  const admin = { username: 'root', password: 'root-password-for-bench' };
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_DATA: 'on' });
  const product = await startProduct({ ...config, dataDir: null, consoleDir, initialAdmin: admin, gazetteerFilter: LARGE_CITIES });
  try {
    const target = { baseUrl: product.url, ...admin };
    if (process.env.BENCH_ONLY === 'templates') {
      console.log(JSON.stringify(await measureTemplates(target), null, 2));
      return;
    }
    const section = await measureConsole(target, { loads: Number(process.env.BENCH_LOADS ?? 20) });
    for (const figure of section.figures) {
      const budget = figure.target ? ` (budget ${figure.target.op} ${figure.target.value})` : '';
      console.log(`${figure.metric}: ${figure.value} ${figure.unit}${budget}${figure.detail ? `\n    ${figure.detail}` : ''}`);
    }
    await writeResults('console', { measuredAt: new Date().toISOString(), ...section });
  } finally {
    await product.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
