import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

/** Debian's chromium package; CHROMIUM_PATH points elsewhere on machines that keep it elsewhere. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless Chromium for the browser tests. No sandbox because CI runs as root in a container;
 * no background networking so the browser makes no calls of its own during a test.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
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
