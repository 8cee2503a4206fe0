import t, { type Test } from 'tap';
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { AUDIT_EXACT_VALUE_MAX_LENGTH, AUDIT_LOG_CSV_HEADERS, AUDIT_SEARCH_MAX_LENGTH } from '../../api/contract/audit-log.js';
import { launchBrowser, signInAs } from '../helpers/browser.js';
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


/** The parts of a day in the order Chromium's date input takes them from the keyboard: its locale's (month, day, year in en-US). */
function datePartOrder(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(
    "new Intl.DateTimeFormat(undefined, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date()).filter((part) => part.type !== 'literal').map((part) => part.type)",
  );
}

/** The `from` of every list request the page makes from now on. */
function fromsAskedFor(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/audit-log') asked.push(url.searchParams.get('from') ?? '(no from)');
  });
  return asked;
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
  const updateName = `${ADMIN.username} updated the admin user ${SUBJECT.username}`;
  const createName = `${ADMIN.username} created the admin user newcomer`;
  /** A page signed in as the admin, at `path` (the dashboard when none). */
  const adminPage = async (t: Test, path?: string): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    t.teardown(() => page.close());
    await signInAs(page, server.url, ADMIN.username, ADMIN.password, path);
    return page;
  };

  await t.test('an admin reads a change with its before and after, filters by action and exports', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    t.teardown(() => page.close());
    await signInAs(page, server.url, ADMIN.username, ADMIN.password);
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
    t.equal(await update.locator('p').first().innerText(), updateName, 'the change as a sentence');
    const table = update.getByRole('table', { name: `Before and after: ${updateName}` });
    t.notOk(await table.isVisible());
    await toggle.click();
    await table.waitFor();
    t.equal(await update.getByRole('button', { name: /Hide changes/ }).getAttribute('aria-expanded'), 'true');
    const firstName = table.getByRole('row', { name: /^First name/ });
    t.same(await firstName.locator('td').allInnerTexts(), ['Vera', 'Veronica'], 'before and after side by side');
    t.equal(await firstName.getAttribute('data-changed'), 'true', 'the changed field is highlighted');
    t.match(await firstName.getByRole('rowheader').innerText(), /^First name/);
    const username = table.getByRole('row', { name: /^Username/ });
    t.same(await username.locator('td').allInnerTexts(), [SUBJECT.username, SUBJECT.username]);
    t.equal(await username.getAttribute('data-changed'), 'false', 'an unchanged field is not');
    t.not(await firstName.evaluate(BACKGROUND), await username.evaluate(BACKGROUND), 'and looks different');

    const actionMenu = page.getByLabel('Action');
    const actionLabels = await actionMenu.locator('option').allInnerTexts();
    t.ok(actionLabels.includes('Created an admin user') && actionLabels.includes('Exported the bot logs'), 'the actions in words');
    t.notOk(actionLabels.some((label) => /^[a-z-]+\.[a-z-]+$/.test(label)), 'no recorded name in the menu');
    t.strictSame(actionLabels.slice(1), actionLabels.slice(1).toSorted((a, b) => a.localeCompare(b)), 'sorted by their words');
    await actionMenu.selectOption({ label: 'Created an admin user' });
    await page.waitForURL(/action=admin-user.create/);
    await page.getByText('1 in all', { exact: true }).waitFor();
    t.same(await Promise.all((await page.getByRole('article').all()).map((article) => article.getAttribute('aria-label'))), [createName], 'only that action');
    const toggleCreate = entry(page, createName).getByRole('button', { name: /Show changes/ });
    await toggleCreate.click();
    const createdRow = entry(page, createName).getByRole('row', { name: /^Username/ });
    t.same(await createdRow.locator('td').allInnerTexts(), ['—', 'newcomer'], 'a create has only an after');
    const [stored] = await server.sql<{ createdAt: Date }[]>`SELECT created_at FROM admin_users WHERE id = ${created.id}`;
    const localTime = await page.evaluate<string>(
      `new Date(${stored!.createdAt.getTime()}).toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' })`,
    );
    const cells = async (label: string) => entry(page, createName).getByRole('row', { name: new RegExp(`^${label}`) }).locator('td').allInnerTexts();
    t.same(await cells('Created'), ['—', localTime], 'a date in the browser\'s time, as the console writes dates');
    t.same(await cells('Two-factor authentication'), ['—', 'No'], 'a yes-or-no field in words');
    t.same(await cells('Role'), ['—', 'Viewer'], 'a role as the screens name it');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    t.equal(download.suggestedFilename(), `audit-log-${new Date().toISOString().slice(0, 10)}.csv`);
    await page.locator('[data-sonner-toast]').getByText('Export Complete', { exact: true }).waitFor();
    const [header, ...rows] = parse(await readFile((await download.path())!, 'utf8')) as string[][];
    t.strictSame(header, [...AUDIT_LOG_CSV_HEADERS]);
    t.strictSame(rows.map((row) => row.slice(1, 6)), [[ADMIN.username, 'admin-user.create', 'admin_user', String(created.id), '127.0.0.1']], 'the filtered entries');
    t.match(JSON.parse(rows[0]![7]!), { id: created.id, username: 'newcomer' }, 'the after as JSON');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL(`${server.url}/audit-log`);
    await entry(page, `${ADMIN.username} exported the audit log`).waitFor();
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

  await t.test('a range backwards in the address: the dates shown, the form says what is wrong, nothing asked', async (t) => {
    const today = new Date().toLocaleDateString('en-CA');
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toLocaleDateString('en-CA');
    const backwards = 'To must not be before From. Swap the two dates.';
    const refused = await fetch(`${server.url}/api/audit-log?from=${today}&to=${yesterday}`, { headers: { authorization: `Bearer ${token}` } });
    t.equal(refused.status, 400, 'the API refuses such a range');
    t.equal(((await refused.json()) as { fields: Record<string, string> }).fields.to, backwards, 'in these words');

    const page = await adminPage(t);
    const listed: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/audit-log') listed.push(request.url());
    });
    await page.goto(`${server.url}/audit-log?from=${today}&to=${yesterday}`);
    await page.getByText(backwards, { exact: true }).or(page.getByRole('alert')).first().waitFor();
    t.equal(await page.getByRole('alert').count(), 0, 'no error banner');
    t.same(listed, [], 'no request the API would refuse');
    t.equal(await page.getByLabel('From').inputValue(), today, 'From shows its date');
    t.equal(await page.getByLabel('To').inputValue(), yesterday, 'To shows its date');
    const to = page.getByLabel('To');
    t.equal(await to.getAttribute('aria-invalid'), 'true', 'To is marked wrong');
    const describedBy = (await to.getAttribute('aria-describedby')) ?? '';
    t.equal(await page.locator(`[id="${describedBy}"]`).innerText(), backwards, "and says why in the API's words");
    t.equal(await page.getByText('Change the dates to see the changes between them.', { exact: true }).count(), 1, 'the list says what it waits for');
    t.ok(await page.getByRole('button', { name: 'Export CSV' }).isDisabled(), 'no export of a range that cannot be read');

    await page.getByLabel('To').fill(today);
    await page.waitForURL(new RegExp(`to=${today}`));
    await entry(page, updateName).waitFor();
    t.equal(await page.getByText(backwards, { exact: true }).count(), 0, 'the message goes once the range runs forwards');

    // The same dates typed into the form give the same answer.
    await page.getByLabel('To').fill(yesterday);
    await page.getByText(backwards, { exact: true }).or(page.getByRole('alert')).first().waitFor();
    t.equal(await page.getByRole('alert').count(), 0, 'typed: no error banner either');
    t.equal(await page.getByRole('article').count(), 0, 'typed: no entries of another range left on screen');
  });

  await t.test('a day no calendar has, in the address: its field says so in the API\'s words, nothing asked', async (t) => {
    const notADay = (label: string) => `${label} must be a date, such as 2026-11-21, or an ISO 8601 date and time.`;
    const page = await adminPage(t);
    const listed: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/audit-log') listed.push(request.url());
    });
    // February has no 30th (Date.parse takes it all the same); no year has a 13th month.
    for (const [key, value, label] of [['from', '2026-02-30', 'From'], ['to', '2026-13-01', 'To']] as const) {
      const refused = await fetch(`${server.url}/api/audit-log?${key}=${value}`, { headers: { authorization: `Bearer ${token}` } });
      t.equal(refused.status, 400, `the API refuses ${key}=${value}`);
      t.equal(((await refused.json()) as { fields: Record<string, string> }).fields[key], notADay(label), 'in these words');

      listed.length = 0;
      await page.goto(`${server.url}/audit-log?${key}=${value}`);
      await page.getByText(notADay(label), { exact: true }).or(page.getByRole('alert')).or(page.getByRole('article')).first().waitFor();
      t.equal(await page.getByRole('alert').count(), 0, `${key}=${value}: no error banner`);
      t.same(listed, [], `${key}=${value}: no request the API would refuse, nor one without the day`);
      const field = page.getByLabel(label);
      t.equal(await field.getAttribute('aria-invalid'), 'true', `${label} is marked wrong`);
      const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
      t.equal(await page.locator(`[id="${describedBy}"]`).innerText(), notADay(label), "and says why in the API's words");
      t.equal(await page.getByText('Change the dates to see the changes between them.', { exact: true }).count(), 1, 'the list says what it waits for');
      t.equal(await page.getByRole('article').count(), 0, 'no entries of every day instead');
    }
  });

  await t.test('a filter too long for the API, in the address: its field says so in the API\'s words, nothing asked', async (t) => {
    const page = await adminPage(t);
    const listed: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/audit-log') listed.push(request.url());
    });
    const cases = [
      { key: 'actor', label: 'Who', value: 'a'.repeat(AUDIT_EXACT_VALUE_MAX_LENGTH + 1), message: 'Actor can be at most 100 characters. Shorten it.' },
      { key: 'action', label: 'Action', value: 'b'.repeat(AUDIT_EXACT_VALUE_MAX_LENGTH + 1), message: 'Action can be at most 100 characters. Shorten it.' },
      { key: 'targetType', label: 'Target type', value: 'c'.repeat(AUDIT_EXACT_VALUE_MAX_LENGTH + 1), message: 'Target type can be at most 100 characters. Shorten it.' },
      { key: 'targetId', label: 'Target ID', value: 'd'.repeat(AUDIT_EXACT_VALUE_MAX_LENGTH + 1), message: 'Target ID can be at most 100 characters. Shorten it.' },
      { key: 'search', label: 'Search the audit log', value: 'e'.repeat(AUDIT_SEARCH_MAX_LENGTH + 1), message: 'Search can be at most 200 characters. Shorten it.' },
    ];
    for (const { key, label, value, message } of cases) {
      const refused = await fetch(`${server.url}/api/audit-log?${key}=${value}`, { headers: { authorization: `Bearer ${token}` } });
      t.equal(refused.status, 400, `the API refuses a ${key} of ${value.length} characters`);
      t.equal(((await refused.json()) as { fields: Record<string, string> }).fields[key], message, 'in these words');

      listed.length = 0;
      await page.goto(`${server.url}/audit-log?${key}=${value}`);
      await page.getByText(message, { exact: true }).or(page.getByRole('alert')).or(page.getByText('No changes match your filters.')).first().waitFor();
      t.equal(await page.getByRole('alert').count(), 0, `${key}: no error banner`);
      t.same(listed, [], `${key}: no request the API would refuse`);
      const field = page.getByLabel(label);
      t.equal(await field.getAttribute('aria-invalid'), 'true', `${label} is marked wrong`);
      const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
      t.equal(await page.locator(`[id="${describedBy}"]`).innerText({ timeout: 2000 }).catch(() => '(no description)'), message, "and says why in the API's words");
      t.equal(await page.getByText('Change the filters to see the changes that match them.', { exact: true }).count(), 1, 'the list says what it waits for');
      t.ok(await page.getByRole('button', { name: 'Export CSV' }).isDisabled(), 'no export of a filter that cannot be read');
    }

    // Choosing another value ends it.
    await page.getByLabel('Search the audit log').fill('admin-user.update');
    await entry(page, updateName).waitFor();
    t.equal(await page.getByText(cases[4]!.message, { exact: true }).count(), 0, 'the message goes with the long search');
  });

  await t.test('a day typed with the keyboard, digit by digit: the whole day reaches the address and the list', async (t) => {
    const today = new Date().toLocaleDateString('en-CA');
    const page = await adminPage(t, '/audit-log');
    await entry(page, updateName).waitFor();
    const asked = fromsAskedFor(page);

    const order = await datePartOrder(page);
    const [year, month, day] = today.split('-') as [string, string, string];
    const parts: Record<string, string> = { year, month, day };
    const from = page.getByLabel('From');
    await from.focus();
    await from.pressSequentially(order.map((part) => parts[part]).join(''), { delay: 30 });
    await page.waitForURL(new RegExp(`from=${today}`));
    await entry(page, updateName).waitFor();
    t.equal(await from.inputValue(), today, 'the input keeps every digit typed');
    t.equal(new URL(page.url()).searchParams.get('from'), today, 'the address has the whole day');
    t.same([...new Set(asked)], [new Date(`${today}T00:00:00`).toISOString()], 'the list is asked for the whole day only, never for year 0002');
  });

  await t.test("a day left with a half-typed year is not taken: the field says so in the API's words", async (t) => {
    const today = new Date().toLocaleDateString('en-CA');
    const message = 'From must be a date, such as 2026-11-21, or an ISO 8601 date and time.';
    const page = await adminPage(t, '/audit-log');
    await entry(page, updateName).waitFor();
    const asked = fromsAskedFor(page);

    // Month and day whole, the year at its first digit: Chromium reports 0002-MM-DD. Then the field is left.
    const order = await datePartOrder(page);
    const [, month, day] = today.split('-') as [string, string, string];
    const parts: Record<string, string> = { year: '2', month, day };
    const from = page.getByLabel('From');
    await from.focus();
    for (const part of order) {
      await from.pressSequentially(parts[part]!, { delay: 30 });
      // A one-digit year does not move on by itself.
      if (part === 'year' && part !== order.at(-1)) await page.keyboard.press('ArrowRight');
    }
    t.equal(await from.inputValue(), `0002-${month}-${day}`, 'the browser reports year 2');
    await from.blur();
    // Either the field says what is wrong, or (as before) year 2 reaches the address.
    await Promise.race([page.getByText(message, { exact: true }).waitFor(), page.waitForURL(/from=0002-/)]);
    t.equal(new URL(page.url()).searchParams.get('from'), null, 'the address does not take year 2');
    t.same(asked, [], 'the list is not asked for year 2');
    t.equal(await from.getAttribute('aria-invalid'), 'true', 'From is marked wrong');
    const describedBy = (await from.getAttribute('aria-describedby')) ?? '';
    t.equal(await page.locator(`[id="${describedBy}"]`).innerText({ timeout: 2000 }).catch(() => '(no description)'), message, "and says why in the API's words");
    t.equal(await page.getByRole('alert').count(), 0, 'no error banner');

    // A whole day ends it.
    await from.fill(today);
    await page.waitForURL(new RegExp(`from=${today}`));
    t.equal(await page.getByText(message, { exact: true }).count(), 0, 'the message goes once the day is whole');
    t.equal(await from.getAttribute('aria-invalid'), null, 'and the mark');
  });

  await t.test('at 375 px nothing scrolls sideways, open or closed, and the change reads the same', async (t) => {
    const page = await browser.newPage({ viewport: { width: 375, height: 844 } });
    t.teardown(() => page.close());
    await signInAs(page, server.url, ADMIN.username, ADMIN.password, '/audit-log?action=admin-user.update');
    const update = entry(page, updateName);
    await update.waitFor();
    t.equal(await update.locator('p').first().innerText(), updateName, 'the sentence');
    const actionMenu = page.getByLabel('Action');
    t.equal(await actionMenu.inputValue(), 'admin-user.update', 'the filter keeps the recorded name');
    t.equal(await actionMenu.locator('option:checked').innerText(), 'Updated an admin user', 'and shows it in words');
    t.equal(await overflow(page), 0, 'the list fits');
    await update.getByRole('button', { name: /Show changes/ }).click();
    await update.getByRole('table').waitFor();
    t.same(await update.getByRole('row', { name: /^First name/ }).locator('td').allInnerTexts(), ['Vera', 'Veronica'], 'the labels as at 1440');
    t.equal(await overflow(page), 0, 'the before and after fit');
    t.ok(await page.getByRole('button', { name: 'Export CSV' }).isVisible(), 'Export is at hand');
  });

  await t.test('a viewer has no entry for it and is refused at /audit-log', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    t.teardown(() => page.close());
    await signInAs(page, server.url, VIEWER.username, VIEWER.password);
    await mainNavOf(page).getByRole('link', { name: 'Bot Logs' }).waitFor();
    t.equal(await mainNavOf(page).getByRole('link', { name: 'Audit Log' }).count(), 0, 'no navigation entry');
    await page.goto(`${server.url}/audit-log`);
    await page.getByRole('heading', { name: 'Access Restricted' }).waitFor();
    t.ok(await page.getByText('Only Admin and Super Admin users can read the audit log.').isVisible());
    t.equal(await page.getByRole('article').count(), 0, 'no entries');
    t.equal(await page.getByRole('button', { name: 'Export CSV' }).count(), 0, 'no export');
  });
});
