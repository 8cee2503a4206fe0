import { chromium, type Browser } from 'playwright-core';

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
