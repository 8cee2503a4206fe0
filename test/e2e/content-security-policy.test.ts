import t from 'tap';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenSettled, signIn, trackRequests, withHangGuard } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { manyContacts } from '../helpers/contacts.js';
import { insertLogs, manyBotLogs } from '../helpers/bot-logs.js';

const server = await startTestServer();
t.teardown(() => server.close());
const browser: Browser = await launchBrowser();
t.teardown(() => browser.close());

// Contacts and logs so the tables, charts and the map draw something.
await manyContacts(server.sql, 30, 7);
await insertLogs(server.sql, manyBotLogs(200, 7));
await server.createUser({ username: 'sam', password: 'sam-super-password', role: 'super_admin', firstName: 'Sam' });

/** Every screen of the sidebar, plus Settings, with the title each shows once rendered. */
const SCREENS: [path: string, title: string][] = [
  ['/', 'Dashboard'],
  ['/users', 'Bot Users'],
  ['/messaging/templates', 'Message Templates'],
  ['/messaging/broadcasts', 'Broadcast Messages'],
  ['/medical-contacts', 'Medical Contacts Database'],
  ['/verification', 'Verification Queue'],
  ['/analytics', 'Analytics Dashboard'],
  ['/geographic-analytics', 'Geographic Analytics'],
  ['/contact-analytics', 'Contact Analytics'],
  ['/notifications', 'Notifications'],
  ['/logs', 'Bot Logs'],
  ['/bot-sandbox', 'Bot Sandbox'],
  ['/access-control', 'Access Control'],
  ['/admin-users', 'User Management'],
  ['/settings', 'Settings'],
];

/**
 * Collects every Content-Security-Policy violation of the page: the securitypolicyviolation events
 * (an init script, which Playwright injects past the policy) and Chromium's console reports.
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reported.push(`console: ${message.text()}`);
  });
  await page.addInitScript({
    content: `window.__cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__cspViolations.push(event.violatedDirective + ' refused ' + (event.blockedURI || 'inline') + ' at ' + location.pathname + ' (' + event.sourceFile + ':' + event.lineNumber + ')');
      });`,
  });
  return async () => [...reported, ...(await page.evaluate<string[]>('window.__cspViolations ?? []'))];
}

t.test('the main screens render without a Content-Security-Policy violation', async (t) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  t.teardown(() => page.close());
  const violations = await watchViolations(page);
  const requests = trackRequests(page);
  const seen: string[] = [];

  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  seen.push(...(await violations()));
  await signIn(page, server.url, 'sam', 'sam-super-password');
  for (const [path, title] of SCREENS) {
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { name: title, exact: true }).first().waitFor();
    await screenSettled(page, requests);
    seen.push(...(await violations()));
  }
  t.strictSame([...new Set(seen)], [], 'no violation reported');
});

t.test('the watch sees a violation when there is one, and the policy refuses inline style', async (t) => {
  const page = await browser.newPage();
  t.teardown(() => page.close());
  const violations = await watchViolations(page);
  await page.goto(`${server.url}/login`);
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  const applied = await page.evaluate<string>(`(() => {
    const style = document.createElement('style');
    style.textContent = 'body { color: rgb(1, 2, 3); }';
    document.head.appendChild(style);
    return getComputedStyle(document.body).color;
  })()`);
  t.not(applied, 'rgb(1, 2, 3)', 'the inline style is not applied');
  // The event is queued after the refusal: waited for in the page, unless it came already.
  const reported = page.evaluate(`new Promise((resolve) => {
    if (window.__cspViolations.length > 0) return resolve(true);
    document.addEventListener('securitypolicyviolation', () => resolve(true), { once: true });
  })`);
  await withHangGuard(reported, 5_000, () => 'no violation was reported within 5 s');
  await t.resolveMatch(violations(), [/style-src/], 'and the violation is reported');
});

t.test('the API reference renders without a Content-Security-Policy violation', async (t) => {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  t.teardown(() => page.close());
  const violations = await watchViolations(page);
  const requests = trackRequests(page);
  await page.goto(`${server.url}/api/docs`);
  await page.getByRole('heading', { name: 'MedContacts API' }).waitFor();
  await page.locator('#operations-tag-Medical_contacts').click();
  await page.locator('#operations-Medical_contacts-get_api_medical_contacts__id_').click();
  await page.getByText('Permission: contacts:read (viewer, editor, admin, super_admin).').waitFor();
  await screenSettled(page, requests);
  t.strictSame(await violations(), [], 'no violation reported');
});
