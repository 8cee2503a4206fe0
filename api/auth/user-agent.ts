import UAParser from 'ua-parser-js';

/** The browser and operating system a session was opened from, as people name them ("Firefox 121", "Windows 10"). */
export interface DeviceDescription {
  browser: string | null;
  os: string | null;
}

const named = (name: string | undefined, version: string | undefined) => (name ? [name, version].filter(Boolean).join(' ') : null);

/** Reads a User-Agent header; what it does not name is null. */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { browser: null, os: null };
  const { browser, os } = new UAParser(userAgent).getResult();
  return { browser: named(browser.name, browser.major), os: named(os.name, os.version) };
}
