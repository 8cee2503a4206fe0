import t from 'tap';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { layoutProblems } from '../helpers/layout.js';
import { apiAs, fieldProblem, refusalOf, requestsTo } from '../helpers/refused-filter.js';
import { startTestServer } from '../helpers/server.js';
import { insertTelegramUsers, type NewTelegramUser } from '../../sql/bot-users.js';
import { saveMembership } from '../../sql/access-control.js';
import { consumeDailyRequest } from '../../sql/daily-usage.js';
import { localDay } from '../../api/contract/time-zone.js';
import { USER_SEARCH_MAX_LENGTH } from '../../api/contract/bot-users.js';

const ADMIN = { username: 'adele', password: 'adele-the-admin-pass', role: 'admin' as const };
const VIEWER = { username: 'vera', password: 'vera-the-viewer-pass', role: 'viewer' as const };

/** 60 users, every 4th unreachable; "Zora Quist" (id 7000) is the one the test looks after. */
function users(now: Date): NewTelegramUser[] {
  return Array.from({ length: 60 }, (_, index) => ({
    telegramId: 7000 + index,
    firstName: index === 0 ? 'Zora' : `Member${index}`,
    lastName: index === 0 ? 'Quist' : null,
    username: index === 0 ? 'zora_q' : index % 3 === 0 ? null : `member_${index}`,
    languageCode: 'en',
    isActive: index % 4 !== 1,
    isBlocked: false,
    totalRequests: index,
    lastSeen: index === 59 ? null : new Date(now.getTime() - index * 60_000),
    createdAt: new Date(now.getTime() - 86_400_000 * (60 - index)),
  }));
}

t.test('Bot Users: summary, search, status filter, paging and a user\'s details with admin actions', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(ADMIN);
  await server.createUser(VIEWER);
  const now = new Date();
  const { sql } = server;
  await insertTelegramUsers(sql, users(now));
  await sql`INSERT INTO authorized_groups (group_id, group_name, daily_limit) VALUES (-100777, 'Riverside Clinics', 4)`;
  await saveMembership(sql, { telegramId: 7000, groupId: -100777, status: 'member', isActive: true, verifiedAt: now });
  for (let used = 0; used < 2; used += 1) await consumeDailyRequest(sql, 7000, localDay(now, 'UTC'), 4);
  await sql`INSERT INTO bot_logs (level, message, command, user_id, chat_id, duration_ms) VALUES ('INFO', 'Location lookup near Riverside', 'location', 7000, 7000, 420)`;

  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, ADMIN.username, ADMIN.password, '/users');
  await page.getByRole('heading', { name: 'Bot Users', level: 1 }).waitFor();
  const rows = page.getByRole('region', { name: /Users Overview/ }).getByRole('listitem');

  await t.test('the four summary cards and the first page', async (t) => {
    await page.getByRole('heading', { name: 'Users Overview (60)' }).waitFor();
    t.ok(
      await page.getByText("Requests Today: searches counted against today's limit. Total Requests: every search answered since the user joined, the free follow-up buttons included.").isVisible(),
      'the two request figures say what each counts',
    );
    for (const [label, value, note] of [
      ['Total Users', '60', 'Everyone who has written to the bot'],
      ['Active Users', '45', 'Have not blocked the bot; staff-blocked included'],
      ['Inactive Users', '15', 'Blocked the bot or left Telegram'],
      ['Total Requests', '1,770', 'Searches answered, since each user joined'],
    ] as const) {
      const card = page.locator(`dl[aria-label="User summary"] dt:text-is("${label}")`);
      t.equal(await card.locator('+ dd').innerText(), value, label);
      t.equal(await card.locator('+ dd + dd').innerText(), note, `${label} says what it counts`);
    }
    t.equal(await rows.count(), 25, 'a page of 25');
    const zora = page.getByRole('listitem', { name: 'Zora Quist' });
    t.match(await zora.innerText(), /@zora_q[\s\S]*Active[\s\S]*ID\s+7000[\s\S]*Requests Today\s+2[\s\S]*Total Requests\s+0/);
  });

  await t.test('a page past the last one shows the last page, and Back leaves it', async (t) => {
    await page.goto(`${server.url}/users?page=99`);
    await page.waitForURL(/[?&]page=3(&|$)/);
    await page.getByText('51–60 of 60', { exact: true }).waitFor();
    // The footer follows the address at once; the rows come with page 3's answer.
    await rows.nth(9).waitFor();
    t.equal(await rows.count(), 10, 'the last page\'s 10 users');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/users' && !url.searchParams.has('page'));
    await page.getByText('1–25 of 60', { exact: true }).waitFor();
    t.pass('Back goes to the list before, not to the page past the last');
  });

  await t.test('search and status narrow the list, in the URL, with the empty text', async (t) => {
    await page.getByLabel('Search users').fill('ZORA');
    await page.getByRole('heading', { name: 'Users Overview (1)' }).waitFor();
    t.match(page.url(), /search=ZORA/);
    await page.getByLabel('Search users').fill('7013');
    await page.getByRole('heading', { name: 'Users Overview (1)' }).waitFor();
    await page.getByLabel('Search users').fill('nobody-like-this');
    await page.getByText('No users match your filters.').waitFor();
    await page.getByLabel('Search users').fill('');
    await page.getByLabel('Status').selectOption({ label: 'Inactive Only' });
    await page.getByRole('heading', { name: 'Users Overview (15)' }).waitFor();
    t.equal(await rows.getByText('Inactive', { exact: true }).count(), 15);
    await page.getByLabel('Status').selectOption({ label: 'All Users' });
    await page.getByRole('heading', { name: 'Users Overview (60)' }).waitFor();
    await page.getByRole('button', { name: 'Page 3' }).click();
    await page.locator('[aria-label="Page 3"][aria-current="page"]').waitFor();
    // The previous page stays on screen until the next one arrives.
    await rows.nth(10).waitFor({ state: 'detached' });
    t.equal(await rows.count(), 10, 'the last page holds the rest');
    t.match(await rows.last().innerText(), /Last Seen\s+Never/, 'never-seen users come last and say Never');
  });

  await t.test('View Details: the three tabs of the spec and the recent requests', async (t) => {
    await page.goto(`${server.url}/users?search=zora`);
    await page.getByRole('button', { name: 'View Details of Zora Quist' }).click();
    const dialog = page.getByRole('dialog', { name: 'Zora Quist' });
    await dialog.getByText('Full Name').waitFor();
    t.match(await dialog.innerText(), /Username\s+@zora_q[\s\S]*Telegram ID\s+7000[\s\S]*Requests Today\s+2/);
    await dialog.getByRole('tab', { name: 'Daily Usage' }).click();
    await dialog.getByText('Used Today').waitFor();
    t.match(await dialog.innerText(), /Used Today\s+2[\s\S]*Remaining\s+2[\s\S]*Daily Limit\s+4[\s\S]*Allowed/);
    await dialog.getByRole('tab', { name: 'Group Memberships' }).click();
    await dialog.getByText('Riverside Clinics').waitFor();
    t.match(await dialog.innerText(), /Status: member/);
    await dialog.getByRole('tab', { name: 'Recent Requests' }).click();
    await dialog.getByText('Location lookup near Riverside').waitFor();
    t.match(page.url(), /user=7000/, 'the open user is in the URL, so the logs can link to it');
  });

  await t.test('the details dialog fits at 1440 and 375 px, tab labels whole, and closes with its Close button', async (t) => {
    const dialog = page.getByRole('dialog', { name: 'Zora Quist' });
    for (const [width, height] of [[1440, 900], [375, 800]] as const) {
      await page.setViewportSize({ width, height });
      await dialog.getByRole('tab', { name: 'Overview' }).click();
      await dialog.getByText('Full Name').waitFor();
      t.strictSame(await layoutProblems(page), [], `${width} px: every button inside the viewport, no sideways scroll`);
      const cut = await page.evaluate<string[]>(`Array.from(document.querySelectorAll('[role="dialog"] [role="tab"]'))
        .filter((tab) => tab.scrollWidth > tab.clientWidth + 1 || tab.getBoundingClientRect().right > window.innerWidth)
        .map((tab) => tab.textContent)`);
      t.strictSame(cut, [], `${width} px: no tab label is cut`);
      t.ok(await dialog.getByRole('button', { name: 'Close dialog' }).isVisible(), `${width} px: a visible Close button`);
      await page.screenshot({ path: `.tap/screenshots/bot-user-details-${width}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await dialog.getByRole('button', { name: 'Close dialog' }).click();
    await dialog.waitFor({ state: 'detached' });
    t.notMatch(page.url(), /user=7000/, 'closing leaves the user');
    await page.getByRole('button', { name: 'View Details of Zora Quist' }).click();
    await dialog.getByText('Full Name').waitFor();
  });

  await t.test("an admin resets today's count and blocks, then unblocks, the user", async (t) => {
    const dialog = page.getByRole('dialog', { name: 'Zora Quist' });
    await dialog.getByRole('button', { name: "Reset Today's Count" }).click();
    await page.getByText('Daily Count Reset').waitFor();
    await dialog.getByRole('tab', { name: 'Overview' }).click();
    await dialog.locator('dt:text-is("Requests Today") + dd:text-is("0")').waitFor();
    const [usage] = await sql`SELECT count(*)::int AS n FROM daily_usage WHERE telegram_id = 7000`;
    t.equal(usage!.n, 0, 'today\'s count is gone');

    await dialog.getByRole('button', { name: 'Block User' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Block this user?' });
    await confirm.getByText('The bot will refuse every request from Zora Quist until an admin unblocks them.').waitFor();
    await confirm.getByRole('button', { name: 'Block User' }).click();
    await page.getByText('User blocked').waitFor();
    await dialog.getByText('Blocked', { exact: true }).first().waitFor();
    t.equal((await sql`SELECT is_blocked FROM telegram_users WHERE telegram_id = 7000`)[0]!.isBlocked, true);
    await dialog.getByRole('button', { name: 'Unblock User' }).click();
    await page.getByText('User unblocked').waitFor();
    t.equal((await sql`SELECT is_blocked FROM telegram_users WHERE telegram_id = 7000`)[0]!.isBlocked, false);
    const actions = await sql`SELECT action FROM audit_log WHERE target_type = 'telegram-user' ORDER BY id`;
    t.strictSame(actions.map((row) => row.action), ['telegram-user.reset-daily-usage', 'telegram-user.block', 'telegram-user.unblock']);
  });

  await t.test('a viewer sees the details but no admin actions', async (t) => {
    const viewerPage = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInAs(viewerPage, server.url, VIEWER.username, VIEWER.password, '/users?user=7000');
    const dialog = viewerPage.getByRole('dialog', { name: 'Zora Quist' });
    await dialog.getByText('Full Name').waitFor();
    t.equal(await dialog.getByRole('button', { name: 'Block User' }).count(), 0);
    t.equal(await dialog.getByRole('button', { name: "Reset Today's Count" }).count(), 0);
    const overflow = await viewerPage.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth');
    t.equal(overflow, 0, 'no sideways scrolling at 390 px');
  });

  await t.test("a search or a user id the API would refuse, in the address: said in the API's words, nothing asked", async (t) => {
    const get = await apiAs(server.url, ADMIN.username, ADMIN.password);
    const search = 's'.repeat(USER_SEARCH_MAX_LENGTH + 1);
    const searchMessage = 'Search can be at most 100 characters. Shorten it.';
    t.equal(await refusalOf(await get(`/api/telegram-users?search=${search}`), 'search'), searchMessage, 'the API refuses the search in these words');
    const idMessage = 'Telegram ID must be a Telegram user ID: a whole number above 0, such as 123456789.';
    t.equal(await refusalOf(await get('/api/telegram-users/abc'), 'telegramId'), idMessage, 'and the user id in these');

    const longPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    t.teardown(() => longPage.close());
    const listed = requestsTo(longPage, '/api/telegram-users');
    await signInAs(longPage, server.url, ADMIN.username, ADMIN.password, `/users?search=${search}`);
    await longPage.getByText(searchMessage, { exact: true }).or(longPage.getByRole('alert')).or(longPage.getByText('No users match your filters.')).first().waitFor();
    t.equal(await longPage.getByRole('alert').count(), 0, 'no "Could not load" banner');
    t.notOk(
      listed.some((url) => new URL(url).searchParams.has('search')),
      `no request the API would refuse: ${listed.join(', ')}`,
    );
    const { summary } = (await (await get('/api/telegram-users')).json()) as { summary: { totalUsers: number } };
    const totalUsers = longPage.locator('dl[aria-label="User summary"] dt:text-is("Total Users") + dd');
    await totalUsers.filter({ hasText: /\d/ }).waitFor();
    t.equal(await totalUsers.innerText(), String(summary.totalUsers), 'the summary cards still show their figures: they are over all users');
    t.same(await fieldProblem(longPage, 'Search users'), { invalid: 'true', message: searchMessage }, "Search users is marked wrong and says why in the API's words");
    t.equal(await longPage.getByText('Change the filters to see the users that match them.', { exact: true }).count(), 1, 'the list says what it waits for');
    await longPage.getByLabel('Search users').fill('ZORA');
    await longPage.getByRole('heading', { name: 'Users Overview (1)' }).waitFor();
    t.equal(await longPage.getByText(searchMessage, { exact: true }).count(), 0, 'a search the API takes ends it');

    const idPage = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    t.teardown(() => idPage.close());
    const asked = requestsTo(idPage, '/api/telegram-users/abc');
    await signInAs(idPage, server.url, ADMIN.username, ADMIN.password, '/users?user=abc');
    const dialog = idPage.getByRole('dialog', { name: 'User Details' });
    await dialog.getByText(idMessage, { exact: true }).or(dialog.getByRole('alert')).first().waitFor();
    t.equal(await dialog.getByRole('alert').count(), 0, 'no "Could not load this user" banner');
    t.equal(await dialog.getByText(idMessage, { exact: true }).count(), 1, "the dialog says why in the API's words");
    t.same(asked, [], 'the user is not asked for');
  });
});
