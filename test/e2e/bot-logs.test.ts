import t from 'tap';
import type { Page, Response } from 'playwright-core';
import { BOT_LOGS_POLL_INTERVAL_MS, LOG_SEARCH_MAX_LENGTH } from '../../api/contract/bot-logs.js';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { aBotLog, insertLogs } from '../helpers/bot-logs.js';
import { lineCount, widths } from '../helpers/layout.js';
import { apiAs, fieldProblem, refusalOf, requestsTo } from '../helpers/refused-filter.js';
import { startTestServer } from '../helpers/server.js';

const VIEWER = { username: 'vic', password: 'vic-the-viewer-pass', role: 'viewer' as const };
const EDITOR = { username: 'edna', password: 'edna-the-editor-pass', role: 'editor' as const };

function entry(page: Page, name: string) {
  return page.getByRole('article', { name });
}

function statValue(page: Page, label: string) {
  return page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** Resolves with the next auto-refresh answer (a request for rows `after` the newest shown). */
/** Moves the page's clock on by one poll interval and resolves with the answer to the poll it fires. */
async function pollNow(page: Page): Promise<Response> {
  const [poll] = await Promise.all([
    page.waitForResponse((response) => response.url().includes('/api/bot-logs?') && response.url().includes('after=')),
    page.clock.runFor(BOT_LOGS_POLL_INTERVAL_MS),
  ]);
  return poll;
}

/**
 * Resolves once the requests the page has sent so far have been seen here: the answer to one sent now
 * comes after them. For a test that says no request went out.
 */
async function requestsSettled(page: Page): Promise<void> {
  await Promise.all([page.waitForResponse((response) => response.url().endsWith('/api/health')), page.evaluate("fetch('/api/health')")]);
}

t.test('the Bot Logs screen', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(VIEWER);
  await server.createUser(EDITOR);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());

  await t.test('a viewer reads, filters and follows a user, and cannot export', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    t.teardown(() => page.close());
    await signInAs(page, server.url, VIEWER.username, VIEWER.password, '/logs');
    await page.getByRole('heading', { name: 'Bot Logs', level: 1 }).waitFor();
    await page.getByText('No logs yet.', { exact: true }).waitFor();

    const now = Date.now();
    await insertLogs(server.sql, [
      aBotLog({ createdAt: new Date(now - 4 * 60_000), level: 'DEBUG', message: 'Left group talk not meant for the bot', command: 'text', userId: 5554, chatId: -1001234 }),
      aBotLog({ createdAt: new Date(now - 3 * 60_000), level: 'INFO', message: 'Answered a location with 3 contacts', command: 'location', userId: 5551, chatId: 5551, durationMs: 140, metadata: { updateId: 42, masters: 1 } }),
      aBotLog({ createdAt: new Date(now - 2 * 60_000), level: 'WARN', message: 'Daily limit reached', command: 'location', userId: 5552, chatId: -1001234, durationMs: 30 }),
      aBotLog({ createdAt: new Date(now - 60_000), level: 'ERROR', message: 'Failed to answer', command: 'text', userId: 5553, chatId: 5553, durationMs: 9200, errorMessage: 'ETIMEDOUT while contacting Telegram' }),
    ]);
    await page.reload();
    const answered = entry(page, 'INFO: Answered a location with 3 contacts');
    await answered.waitFor();
    t.equal(await page.getByRole('button', { name: /Export CSV/ }).count(), 0, 'no Export button for a viewer');
    t.same(
      await Promise.all(['Total', 'Successful', 'Warnings', 'Errors'].map(async (label) => (await statValue(page, label).innerText()).trim())),
      ['4', '1', '1', '1'],
      'the stat cards',
    );
    await page.getByText('Logs matching the filter, 1 of them DEBUG', { exact: true }).waitFor();
    t.pass("the Total's note counts the DEBUG log no card shows, so the cards add up");
    t.same(await Promise.all((await page.getByRole('article').all()).map((article) => article.getAttribute('aria-label'))), [
      'ERROR: Failed to answer',
      'WARN: Daily limit reached',
      'INFO: Answered a location with 3 contacts',
      'DEBUG: Left group talk not meant for the bot',
    ], 'newest first');

    t.match(await answered.locator('time').innerText(), /3 minutes ago/, 'relative time');
    t.ok(await answered.locator('time').getAttribute('title'), 'the exact time on hover');
    t.ok(await answered.getByText('140 ms', { exact: true }).isVisible(), 'the duration badge');
    const failed = entry(page, 'ERROR: Failed to answer');
    t.ok(await failed.getByText('ETIMEDOUT while contacting Telegram').isVisible(), 'the error text');
    t.ok(await failed.getByText('9.2 s', { exact: true }).isVisible());
    t.ok(await entry(page, 'WARN: Daily limit reached').getByText('-1001234').isVisible(), 'the chat');
    t.notOk(await answered.locator('pre').isVisible(), 'metadata starts collapsed');
    await answered.getByText('Metadata').click();
    t.match(await answered.locator('pre').innerText(), /\{\n\s+"masters": 1,\n\s+"updateId": 42\n\}/, 'metadata as pretty JSON');

    // On a phone the message used to share its row with the badges and time, a word or two a line.
    await page.setViewportSize({ width: 375, height: 800 });
    for (const name of ['ERROR: Failed to answer', 'WARN: Daily limit reached', 'INFO: Answered a location with 3 contacts']) {
      const message = entry(page, name).locator('p').first();
      const [{ box }, { content }] = await Promise.all([widths(message), widths(entry(page, name))]);
      t.ok(box >= content - 1, `at 375 px "${name}" uses the card's full width (${Math.round(box)} of ${Math.round(content)} px)`);
      t.equal(await lineCount(message), 1, 'and reads on one line');
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    await page.getByLabel('Level').selectOption('ERROR');
    await page.waitForURL(/level=ERROR/);
    await page.getByText('Showing 1 of 1').waitFor();
    t.equal(await page.getByRole('article').count(), 1, 'only ERROR logs');
    await page.getByLabel('Search logs').fill('no such words');
    await page.waitForURL(/search=no\+such\+words/);
    await page.getByText('No logs match your filters.', { exact: true }).waitFor();
    await page.goto(`${server.url}/logs?search=5552`);
    await entry(page, 'WARN: Daily limit reached').waitFor();
    t.equal(await page.getByLabel('Search logs').inputValue(), '5552', 'the search comes back from the URL');
    t.equal(await page.getByRole('article').count(), 1, 'a user id matches exactly');

    await page.getByRole('link', { name: '5552', exact: true }).click();
    await page.waitForURL(/\/users\?user=5552$/);
    t.pass('the user id opens Bot Users on that user');
  });

  await t.test('an editor exports, and new rows arrive by auto-refresh or Refresh', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, acceptDownloads: true });
    t.teardown(() => page.close());
    // The page's clock runs as usual until the test moves it on to the next poll.
    await page.clock.install();
    await signInAs(page, server.url, EDITOR.username, EDITOR.password, '/logs');
    await entry(page, 'INFO: Answered a location with 3 contacts').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    t.equal(download.suggestedFilename(), `bot-logs-${new Date().toISOString().slice(0, 10)}.csv`);
    await page.locator('[data-sonner-toast]').getByText('Export Complete', { exact: true }).waitFor();

    const autoSwitch = page.getByRole('switch', { name: 'Auto refresh' });
    t.equal(await autoSwitch.getAttribute('aria-checked'), 'true', 'auto refresh is on by default');
    // The first poll after the insert must bring the row in.
    await pollNow(page);
    await insertLogs(server.sql, [aBotLog({ createdAt: new Date(), level: 'WARN', message: 'Refused during maintenance', command: '/start', userId: 5554, chatId: 5554 })]);
    const poll = await pollNow(page);
    t.equal(poll.status(), 200);
    await entry(page, 'WARN: Refused during maintenance').waitFor({ timeout: 2000 });
    await page.getByText('Showing 5 of 5').waitFor();
    t.equal((await statValue(page, 'Warnings').innerText()).trim(), '2', 'the new row is added to the cards');

    await autoSwitch.click();
    t.equal(await autoSwitch.getAttribute('aria-checked'), 'false', 'manual');
    let polls = 0;
    page.on('request', (request) => {
      if (request.url().includes('after=')) polls += 1;
    });
    await insertLogs(server.sql, [aBotLog({ createdAt: new Date(), level: 'ERROR', message: 'Failed to answer', command: '/help', userId: 5555, chatId: 5555, errorMessage: 'boom' })]);
    await page.clock.runFor(BOT_LOGS_POLL_INTERVAL_MS + 2000);
    await requestsSettled(page);
    t.equal(polls, 0, 'manual mode does not poll');
    t.equal(await page.getByText('boom', { exact: true }).count(), 0, 'so the new row is not shown yet');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('boom', { exact: true }).waitFor();
    t.equal((await statValue(page, 'Total').innerText()).trim(), '6', 'Refresh reloads the counts');
  });

  await t.test("a search too long for the API, in the address: the box says so in the API's words, nothing asked", async (t) => {
    const search = 'x'.repeat(LOG_SEARCH_MAX_LENGTH + 1);
    const message = 'Search can be at most 200 characters. Shorten it.';
    const get = await apiAs(server.url, EDITOR.username, EDITOR.password);
    t.equal(await refusalOf(await get(`/api/bot-logs?search=${search}`), 'search'), message, 'the API refuses it in these words');

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    t.teardown(() => page.close());
    await page.clock.install();
    const asked = requestsTo(page, '/api/bot-logs');
    await signInAs(page, server.url, EDITOR.username, EDITOR.password, `/logs?search=${search}`);
    await page.getByText(message, { exact: true }).or(page.getByRole('alert')).or(page.getByText('No logs match your filters.')).first().waitFor();
    t.equal(await page.getByRole('alert').count(), 0, 'no "Could not load" banner');
    t.same(asked, [], 'no request the API would refuse');
    t.same(await fieldProblem(page, 'Search logs'), { invalid: 'true', message }, "Search logs is marked wrong and says why in the API's words");
    t.equal(await page.getByText('Change the filters to see the logs that match them.', { exact: true }).count(), 1, 'the list says what it waits for');
    t.ok(await page.getByRole('button', { name: 'Export CSV' }).isDisabled(), 'no export of a filter that cannot be read');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.clock.runFor(BOT_LOGS_POLL_INTERVAL_MS + 1000);
    await requestsSettled(page);
    t.same(asked, [], 'neither Refresh nor the auto refresh asks for it');

    // A search the API takes ends it.
    await page.getByLabel('Search logs').fill('Daily limit');
    await entry(page, 'WARN: Daily limit reached').waitFor();
    t.equal(await page.getByText(message, { exact: true }).count(), 0, 'the message goes with the long search');
    t.equal(await page.getByLabel('Search logs').getAttribute('aria-invalid'), null, 'and the mark');
  });
});
