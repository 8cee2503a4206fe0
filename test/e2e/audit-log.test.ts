import t from 'tap';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { AUDIT_LOG_CSV_HEADERS } from '../../api/contract/audit-log.js';
import { launchBrowser, signIn } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const ADMIN = { username: 'ada', password: 'ada-the-admin-pass', role: 'admin' as const };
const VIEWER = { username: 'vic', password: 'vic-the-viewer-pass', role: 'viewer' as const };
const SUBJECT = { username: 'vera', password: 'vera-the-viewer-pass', role: 'viewer' as const, firstName: 'Vera' };

const mainNavOf = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const entry = (page: Page, name: string) => page.getByRole('article', { name });

/** The little of the browser's globals these tests read; they compile without the DOM library. */
interface StyleGlobals {
  getComputedStyle(element: unknown): { backgroundColor: string };
}
const BACKGROUND = (element: unknown) => (globalThis as unknown as StyleGlobals).getComputedStyle(element).backgroundColor;

/** How far the document is wider than the viewport: 0 when nothing on the screen scrolls sideways. */
function overflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
}

t.test('the Audit Log screen', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(ADMIN);
  await server.createUser(VIEWER);
  const subject = await server.createUser(SUBJECT);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());

  // Two changes through the API, as the admin: an update with both sides, and a create.
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: ADMIN.username, password: ADMIN.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const api = (method: string, path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
  t.equal((await api('PATCH', `/api/admin/users/${subject.id}`, { firstName: 'Veronica' })).status, 200);
  const created = (await (await api('POST', '/api/admin/users', { username: 'newcomer', password: 'a-good-long-password' })).json()) as { id: number };
  const updateName = `admin-user.update on admin_user #${subject.id} by ${ADMIN.username}`;
  const createName = `admin-user.create on admin_user #${created.id} by ${ADMIN.username}`;

  await t.test('an admin reads a change with its before and after, filters by action and exports', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    t.teardown(() => page.close());
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await mainNavOf(page).getByRole('link', { name: 'Audit Log' }).click();
    await page.waitForURL(`${server.url}/audit-log`);
    await page.getByRole('heading', { name: 'Audit Log', level: 1 }).waitFor();

    const update = entry(page, updateName);
    await update.waitFor();
    t.same(await Promise.all((await page.getByRole('article').all()).map((article) => article.getAttribute('aria-label'))), [createName, updateName], 'newest first');
    t.ok(await page.getByText('2 in all', { exact: true }).isVisible(), 'the total');
    t.match(await update.locator('time').innerText(), /now|second/, 'relative time');
    t.ok(await update.locator('time').getAttribute('title'), 'the exact time on hover');
    t.ok(await update.getByText('127.0.0.1', { exact: true }).isVisible(), 'where from');

    const toggle = update.getByRole('button', { name: /Show changes \(1 field changed\)/ });
    t.equal(await toggle.getAttribute('aria-expanded'), 'false', 'the changes start collapsed');
    const table = update.getByRole('table', { name: 'Before and after of admin-user.update' });
    t.notOk(await table.isVisible());
    await toggle.click();
    await table.waitFor();
    t.equal(await update.getByRole('button', { name: /Hide changes/ }).getAttribute('aria-expanded'), 'true');
    const firstName = table.getByRole('row', { name: /^firstName/ });
    t.same(await firstName.locator('td').allInnerTexts(), ['Vera', 'Veronica'], 'before and after side by side');
    t.equal(await firstName.getAttribute('data-changed'), 'true', 'the changed field is highlighted');
    t.match(await firstName.getByRole('rowheader').innerText(), /^firstName/);
    const username = table.getByRole('row', { name: /^username/ });
    t.same(await username.locator('td').allInnerTexts(), [SUBJECT.username, SUBJECT.username]);
    t.equal(await username.getAttribute('data-changed'), 'false', 'an unchanged field is not');
    t.not(await firstName.evaluate(BACKGROUND), await username.evaluate(BACKGROUND), 'and looks different');

    await page.getByLabel('Action').selectOption('admin-user.create');
    await page.waitForURL(/action=admin-user.create/);
    await page.getByText('1 in all', { exact: true }).waitFor();
    t.same(await Promise.all((await page.getByRole('article').all()).map((article) => article.getAttribute('aria-label'))), [createName], 'only that action');
    const toggleCreate = entry(page, createName).getByRole('button', { name: /Show changes/ });
    await toggleCreate.click();
    const createdRow = entry(page, createName).getByRole('row', { name: /^username/ });
    t.same(await createdRow.locator('td').allInnerTexts(), ['—', 'newcomer'], 'a create has only an after');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    t.equal(download.suggestedFilename(), `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
    await page.locator('[data-sonner-toast]').getByText('Export Complete', { exact: true }).waitFor();
    const [header, ...rows] = parse(await readFile((await download.path())!, 'utf8')) as string[][];
    t.strictSame(header, [...AUDIT_LOG_CSV_HEADERS]);
    t.strictSame(rows.map((row) => row.slice(1, 6)), [[ADMIN.username, 'admin-user.create', 'admin_user', String(created.id), '127.0.0.1']], 'the filtered entries');
    t.match(JSON.parse(rows[0]![7]!), { id: created.id, username: 'newcomer' }, 'the after as JSON');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL(`${server.url}/audit-log`);
    await entry(page, `audit-log.export on audit_log by ${ADMIN.username}`).waitFor();
    t.pass('the export is on the log, read again after it');

    await page.getByLabel('Search the audit log').fill('ADMIN-USER.UP');
    await page.waitForURL(/search=ADMIN-USER.UP/);
    await page.getByText('1 in all', { exact: true }).waitFor();
    t.ok(await entry(page, updateName).isVisible(), 'the search finds the update');
    await page.getByLabel('Search the audit log').fill('nothing like this');
    await page.getByText('No changes match your filters.', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await entry(page, updateName).waitFor();
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toLocaleDateString('en-CA');
    await page.getByLabel('From').fill(tomorrow);
    await page.waitForURL(new RegExp(`from=${tomorrow}`));
    await page.getByText('No changes match your filters.', { exact: true }).waitFor();
    await page.getByLabel('From').fill(new Date().toLocaleDateString('en-CA'));
    await entry(page, updateName).waitFor();
    t.pass('the days filter where the browser is');
  });

  await t.test('at 390 px nothing scrolls sideways, open or closed', async (t) => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    t.teardown(() => page.close());
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await page.goto(`${server.url}/audit-log?action=admin-user.update`);
    const update = entry(page, updateName);
    await update.waitFor();
    t.equal(await overflow(page), 0, 'the list fits');
    await update.getByRole('button', { name: /Show changes/ }).click();
    await update.getByRole('table').waitFor();
    t.equal(await overflow(page), 0, 'the before and after fit');
    t.ok(await page.getByRole('button', { name: 'Export CSV' }).isVisible(), 'Export is at hand');
  });

  await t.test('a viewer has no entry for it and is refused at /audit-log', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    t.teardown(() => page.close());
    await signIn(page, server.url, VIEWER.username, VIEWER.password);
    await mainNavOf(page).getByRole('link', { name: 'Bot Logs' }).waitFor();
    t.equal(await mainNavOf(page).getByRole('link', { name: 'Audit Log' }).count(), 0, 'no navigation entry');
    await page.goto(`${server.url}/audit-log`);
    await page.getByRole('heading', { name: 'Access Restricted' }).waitFor();
    t.ok(await page.getByText('Only Admin and Super Admin users can read the audit log.').isVisible());
    t.equal(await page.getByRole('article').count(), 0, 'no entries');
    t.equal(await page.getByRole('button', { name: 'Export CSV' }).count(), 0, 'no export');
  });
});
