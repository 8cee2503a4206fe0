import t, { type Test } from 'tap';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, loginScreenReloaded, signIn } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

// One product and one browser for the file; each case uses its own users and browser contexts.
const server = await startTestServer();
t.teardown(() => server.close());
const browser: Browser = await launchBrowser();
t.teardown(() => browser.close());

const DESKTOP = { width: 1440, height: 900 };
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0';
const ROOT = { username: 'root', password: 'root-password-for-tests' };

/** A browser of its own (cookies, storage), as another device would be. */
async function newDevice(t: Test, userAgent?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP, ...(userAgent && { userAgent }) });
  t.teardown(() => context.close());
  return context.newPage();
}

async function openSettings(page: Page) {
  await page.goto(`${server.url}/settings`);
  const section = page.getByRole('region', { name: 'Active Sessions' });
  await section.getByRole('listitem').first().waitFor();
  return section;
}

/** The same date the console shows: "28 Nov 2026". */
const shownDate = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

const rootToken = () => server.tokenOf(ROOT);

/** Switches "Require two-factor for admins" through the API, as the System Settings dialog does. */
async function requireTwoFactor(on: boolean, graceDays: number): Promise<{ twoFactorRequiredFrom: string | null }> {
  const token = await rootToken();
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const current = (await (await fetch(`${server.url}/api/system-settings`, { headers })).json()) as Record<string, unknown>;
  const { updatedAt: _updatedAt, twoFactorRequiredFrom: _from, ...settings } = current;
  const response = await fetch(`${server.url}/api/system-settings`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ ...settings, requireTwoFactorForAdmins: on, twoFactorGraceDays: graceDays }),
  });
  if (!response.ok) throw new Error(await response.text());
  return (await response.json()) as { twoFactorRequiredFrom: string | null };
}

/**
 * A forced sign-out lands on /login?clear=1, which reloads itself (loginScreenReloaded) before its first load completes at times:
 * waiting for that load would fail as aborted, so a wait for the login screen waits for the navigation's commit.
 */
const FORCED_SIGN_OUT = { waitUntil: 'commit' } as const;

t.test('Settings lists the sessions of two browsers; ending the other signs it out at its next request', async (t) => {
  const user = { username: 'sally', password: 'sally-the-editor', role: 'editor' as const };
  await server.createUser(user);
  const laptop = await newDevice(t);
  const otherBrowser = await newDevice(t, FIREFOX_ON_WINDOWS);
  await signIn(laptop, server.url, user.username, user.password);
  await signIn(otherBrowser, server.url, user.username, user.password);

  const section = await openSettings(laptop);
  const items = section.getByRole('listitem');
  t.equal(await items.count(), 2, 'two sessions');
  const here = items.filter({ hasText: 'This device' });
  t.match(await here.innerText(), /^Chrome Headless \d+ on Linux\s+This device\s+IP address\s+127\.0\.0\.1\s+Signed in\s+\S.*\s+Last used\s+Now\s+Sign Out$/);
  const other = items.filter({ hasText: 'Firefox 121 on Windows 10' });
  t.match(await other.innerText(), /^Firefox 121 on Windows 10\s+IP address\s+127\.0\.0\.1\s+Signed in\s+\S.*\s+Last used\s+(?:.+ ago|now)\s+End Session$/);
  t.equal(await other.getByText('This device').count(), 0, 'only the current session is "This device"');

  await section.getByRole('button', { name: 'End Session: Firefox 121 on Windows 10' }).click();
  const dialog = laptop.getByRole('alertdialog', { name: 'End this session?' });
  await dialog.getByText('Firefox 121 on Windows 10 (127.0.0.1) is signed out at its next request.').waitFor();
  await dialog.getByRole('button', { name: 'End Session' }).click();
  await laptop.getByText('Session Ended').waitFor();
  await laptop.getByText('Firefox 121 on Windows 10 is signed out.').waitFor();
  await dialog.waitFor({ state: 'hidden' });
  await other.waitFor({ state: 'detached' });
  t.equal(await items.count(), 1, 'only this device is left');

  // The other browser still shows the dashboard; its next request finds the session ended.
  await otherBrowser.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Medical Contacts' }).click();
  await otherBrowser.waitForURL((url) => url.pathname === '/login', FORCED_SIGN_OUT);
  await otherBrowser.getByRole('heading', { name: 'Admin Login' }).waitFor();
  t.pass('the other browser is back at the login screen');
  await otherBrowser.getByRole('status').getByText('This session was ended from another of your sessions. Sign in again.').waitFor();
  t.pass('saying why');

  await laptop.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Medical Contacts' }).click();
  await laptop.getByRole('heading', { name: 'Medical Contacts Database' }).waitFor();
  t.pass('this browser carries on');
});

t.test('"End All Other Sessions" asks first, then keeps only this browser; Sign Out ends this one', async (t) => {
  const user = { username: 'otto', password: 'otto-the-viewer', role: 'viewer' as const };
  await server.createUser(user);
  const [laptop, second, third] = [await newDevice(t), await newDevice(t, FIREFOX_ON_WINDOWS), await newDevice(t, FIREFOX_ON_WINDOWS)];
  for (const page of [laptop, second, third]) await signIn(page, server.url, user.username, user.password);

  const section = await openSettings(laptop);
  t.equal(await section.getByRole('listitem').count(), 3);
  await section.getByRole('button', { name: 'End All Other Sessions' }).click();
  const dialog = laptop.getByRole('alertdialog', { name: 'End all other sessions?' });
  await dialog
    .getByText('Every other browser signed in to your account (2 sessions) is signed out at its next request. This one stays signed in.')
    .waitFor();
  await dialog.getByRole('button', { name: 'End Other Sessions' }).click();
  await laptop.getByText('2 other sessions signed out.').waitFor();
  await section.getByRole('listitem').nth(1).waitFor({ state: 'detached' });
  t.equal(await section.getByRole('button', { name: 'End All Other Sessions' }).isDisabled(), true, 'nothing else to end');

  for (const page of [second, third]) {
    // A background request of its own may have found it signed out first: the page is then already on its way
    // to the login screen, and the reload meets a page between documents.
    await page.reload().catch(() => undefined);
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
  }
  t.pass('both other browsers are signed out');

  await section.getByRole('button', { name: 'Sign Out' }).click();
  await laptop.waitForURL((url) => url.pathname === '/login');
  const [live] = await server.sql<{ count: number }[]>`
    SELECT count(*) AS count FROM admin_sessions s JOIN admin_users u ON u.id = s.user_id
    WHERE u.username = ${user.username} AND s.revoked_at IS NULL`;
  t.equal(live!.count, 0, 'no session of the user is left');
});

t.test('an administrator ends every session of a user from User Management', async (t) => {
  const admin = { username: 'ada', password: 'ada-the-admin-user', role: 'admin' as const };
  const user = { username: 'eddie', password: 'eddie-the-editor', role: 'editor' as const, firstName: 'Eddie' };
  await server.createUser(admin);
  await server.createUser(user);
  const adminPage = await newDevice(t);
  const userPage = await newDevice(t);
  await signIn(adminPage, server.url, admin.username, admin.password);
  await signIn(userPage, server.url, user.username, user.password);

  await adminPage.goto(`${server.url}/admin-users`);
  await adminPage.getByRole('button', { name: `End Sessions: ${user.username}` }).click();
  const dialog = adminPage.getByRole('alertdialog', { name: 'End all sessions of Eddie?' });
  await dialog.getByText('They are signed out on every device at their next request, and must sign in again.').waitFor();
  await dialog.getByRole('button', { name: 'End Sessions' }).click();
  await adminPage.getByText('1 session of Eddie ended; they must sign in again.').waitFor();

  await userPage.reload();
  await userPage.getByRole('heading', { name: 'Admin Login' }).waitFor();
  t.pass('the user is signed out');
  await userPage.getByRole('status').getByText('An administrator ended your session. Sign in again.').waitFor();
  t.pass('and told why, after a reload too');
  t.equal(await adminPage.getByRole('button', { name: 'End Sessions: root' }).count(), 0, "an admin is not offered a super admin's sessions");
});

t.test('a role change sends the user to the login screen saying their new role', async (t) => {
  const user = { username: 'rolf', password: 'rolf-the-viewer', role: 'viewer' as const };
  const { id } = await server.createUser(user);
  const page = await newDevice(t);
  await signIn(page, server.url, user.username, user.password);

  const response = await fetch(`${server.url}/api/admin/users/${id}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${await rootToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ role: 'editor' }),
  });
  t.equal(response.status, 200);

  // The console's next request, its 5-second poll of the notifications, is refused with the reason. A click
  // or a navigation here would race that poll: whichever came second would find the tokens already cleared.
  await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('reason') === 'role_changed', FORCED_SIGN_OUT);
  const notice = page.getByRole('status');
  await notice.getByText('Your role was changed to Editor. Sign in again to continue.').waitFor();
  t.pass('the login screen says what changed and what to do');

  await loginScreenReloaded(page);
  await signIn(page, server.url, user.username, user.password);
  await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
  t.pass('signing in again works, as an editor');
});

t.test('the two-factor requirement: a banner on every screen during the grace period, then enrolment first', async (t) => {
  const admin = { username: 'greta', password: 'greta-the-admin', role: 'admin' as const };
  const viewer = { username: 'vince', password: 'vince-the-viewer', role: 'viewer' as const };
  await server.createUser(admin);
  await server.createUser(viewer);
  const { twoFactorRequiredFrom } = await requireTwoFactor(true, 7);
  // Straight in the database: once the requirement holds, root (no two-factor) could not switch it off through the API.
  t.teardown(async () => {
    await server.sql`UPDATE system_settings SET two_factor_required_since = NULL`;
  });
  const page = await newDevice(t);
  await signIn(page, server.url, admin.username, admin.password);

  const banner = page.getByRole('status', { name: 'Two-factor authentication required' });
  await banner.waitFor();
  const date = shownDate(twoFactorRequiredFrom!);
  t.equal(
    await banner.innerText(),
    `Two-factor authentication required from ${date}\n\nAdministrators must use two-factor authentication from ${date}; after that date you cannot use the console without it. Set up two-factor authentication in Settings.`,
  );
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Medical Contacts' }).click();
  await page.getByRole('heading', { name: 'Medical Contacts Database' }).waitFor();
  t.ok(await banner.isVisible(), 'on every screen');
  await banner.getByRole('link', { name: 'Set up two-factor authentication in Settings' }).click();
  await page.waitForURL((url) => url.pathname === '/settings');

  const viewerPage = await newDevice(t);
  await signIn(viewerPage, server.url, viewer.username, viewer.password);
  await viewerPage.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
  t.equal(await viewerPage.getByRole('status', { name: 'Two-factor authentication required' }).count(), 0, 'viewers see no banner');

  await t.test('after the grace period the console keeps them on Settings until they enrol', async (t) => {
    await server.sql`UPDATE system_settings SET two_factor_required_since = now() - interval '8 days'`;
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/settings');
    await banner.getByText('Two-factor authentication is now required').waitFor();
    t.equal(
      await banner.innerText(),
      'Two-factor authentication is now required\n\nAdministrators must use two-factor authentication. Set it up below to continue using the console.',
    );

    await page.getByRole('button', { name: 'Enable Two-Factor' }).click();
    const secret = (await page.getByText('Secret key').locator('xpath=following-sibling::dd').innerText()).trim();
    await page.getByLabel('Authentication Code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
    await page.getByRole('button', { name: 'Verify and Enable' }).click();
    await page.getByText('Two-Factor Enabled').waitFor();
    await banner.waitFor({ state: 'detached' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Medical Contacts' }).click();
    await page.getByRole('heading', { name: 'Medical Contacts Database' }).waitFor();
    t.pass('enrolled, they use the console again');
  });
});
