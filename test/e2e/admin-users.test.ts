import t from 'tap';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { layoutProblems } from '../helpers/layout.js';
import { startTestServer } from '../helpers/server.js';

const SUPER_ADMIN = { username: 'sam', password: 'sam-the-super-admin', role: 'super_admin' as const };
const NEW_USER = { username: 'nora', email: 'nora@clinic.example', firstName: 'Nora', password: 'nora-first-password' };

async function roleInDatabase(sql: Awaited<ReturnType<typeof startTestServer>>['sql'], username: string) {
  const [row] = await sql<{ role: string }[]>`select role from admin_users where lower(username) = ${username}`;
  return row?.role;
}

async function isActiveInDatabase(sql: Awaited<ReturnType<typeof startTestServer>>['sql'], username: string) {
  const [row] = await sql<{ isActive: boolean }[]>`select is_active from admin_users where lower(username) = ${username}`;
  return row?.isActive;
}

t.test('a super admin manages a user from the User Management screen', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(SUPER_ADMIN);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // The page's clock runs as usual until the test moves it on past a toast's timers.
  await page.clock.install();
  await signInAs(page, server.url, SUPER_ADMIN.username, SUPER_ADMIN.password, '/admin-users');
  await page.getByRole('heading', { name: 'User Management' }).waitFor();
  await page.getByText('Manage admin users, roles, and permissions').waitFor();
  await page.getByRole('table', { name: 'Admin Users' }).waitFor();

  await t.test('creates a user through the dialog', async (t) => {
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New User' });
    t.equal(await dialog.getByLabel('Role *').inputValue(), 'viewer', 'the role defaults to viewer');
    t.equal(await dialog.getByRole('switch', { name: 'Active User' }).getAttribute('aria-checked'), 'true', 'a new user starts active');
    t.equal(await dialog.getByLabel('Department').getAttribute('placeholder'), 'e.g., IT, Medical, Administration', 'the department hint');
    await dialog.getByLabel('Username *').fill(NEW_USER.username);
    await dialog.getByLabel('Email').fill(`  ${NEW_USER.email}  `);
    await dialog.getByLabel('Password *').fill(NEW_USER.password);
    await dialog.getByLabel('First Name').fill(NEW_USER.firstName);
    await dialog.getByLabel('Role *').selectOption('editor');
    await dialog.getByRole('button', { name: 'Create User' }).click();

    await page.getByText('User Created').waitFor();
    await page.getByText('The new user has been created successfully.').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: new RegExp(NEW_USER.email) });
    await row.waitFor();
    const cells = row.getByRole('cell');
    t.match(await cells.nth(0).innerText(), /Nora\s+nora@clinic\.example\s+@nora/, 'name, trimmed email and username');
    t.match(await cells.nth(1).innerText(), /^EDITOR/, 'the role badge');
    t.equal(await cells.nth(2).innerText(), '-', 'no department');
    t.equal(await cells.nth(5).innerText(), 'Never', 'no sign-in yet');
  });

  await t.test('refuses a short password, then resets it', async (t) => {
    await page.getByRole('button', { name: `Reset Password: ${NEW_USER.username}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset Password' });
    const input = dialog.getByLabel('Enter new password for user (minimum 8 characters):');
    await input.fill('short');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Invalid Password').waitFor();
    await page.getByText('Password must be at least 8 characters long').waitFor();

    await input.fill('nora-second-password');
    await dialog.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('User password has been reset successfully.').waitFor();
    t.ok(await page.getByText('Password Reset', { exact: true }).isVisible(), 'the success toast is titled Password Reset');
    // The error toast it replaced must not take it away when it leaves (a late dismissal once did).
    await page.clock.runFor(1_000);
    t.ok(await page.getByText('User password has been reset successfully.').isVisible(), 'the success toast stays');
    t.equal(await page.locator('[data-sonner-toast]').count(), 1, 'one toast at a time');
    await dialog.waitFor({ state: 'hidden' });

    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ identifier: NEW_USER.username, password: 'nora-second-password' }),
    });
    const body = (await login.json()) as { success?: boolean };
    t.equal(body.success, true, 'the user signs in with the new password');
  });

  await t.test('every column and action button fits without sideways scroll from 1440 to 768 px, and the cards at 375', async (t) => {
    await server.createUser({ username: 'bartholomew.longname', password: 'a-good-long-password', role: 'admin', firstName: 'Bartholomew-Alexander' });
    await page.reload();
    await page.getByRole('row', { name: /Bartholomew-Alexander/ }).waitFor();
    for (const [width, height] of [[1440, 900], [1024, 768], [768, 1024], [375, 800]] as const) {
      await page.setViewportSize({ width, height });
      const table = page.getByRole('table', { name: 'Admin Users' });
      if (width >= 768) {
        await table.waitFor();
        t.ok(await page.getByRole('button', { name: `Delete: ${NEW_USER.username}` }).isVisible(), `Delete is shown at ${width} px`);
      } else {
        await table.waitFor({ state: 'hidden' });
      }
      t.strictSame(await layoutProblems(page), [], `${width}x${height}: no sideways scroll, every action button inside the viewport`);
      await page.screenshot({ path: `.tap/screenshots/admin-users-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await t.test('a role change asks first, says the person is signed out, and Cancel keeps the role', async (t) => {
    const select = page.getByRole('combobox', { name: `Role: ${NEW_USER.username}` });
    await select.selectOption('admin');
    const confirm = page.getByRole('alertdialog', { name: 'Change the role of Nora to Admin?' });
    await confirm.getByText('Nora becomes Admin (Full access except user management) instead of Editor. They are signed out on every device at once and must sign in again.').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    t.equal(await select.inputValue(), 'editor', 'the dropdown shows the role unchanged');
    t.equal(await roleInDatabase(server.sql, NEW_USER.username), 'editor', 'nothing was sent');

    await select.selectOption('admin');
    await confirm.getByRole('button', { name: 'Change Role' }).click();
    await page.getByText('User information has been updated successfully.').waitFor();
    await confirm.waitFor({ state: 'detached' });
    t.equal(await roleInDatabase(server.sql, NEW_USER.username), 'admin', 'the role changed once confirmed');
    t.equal(await select.inputValue(), 'admin');
  });

  await t.test('deactivates the user with the row switch', async (t) => {
    const toggle = page.getByRole('switch', { name: `Active: ${NEW_USER.username}` });
    t.equal(await toggle.getAttribute('aria-checked'), 'true', 'the user starts active');
    await toggle.click();
    await page.getByText('User information has been updated successfully.').waitFor();
    await page.getByRole('switch', { name: `Active: ${NEW_USER.username}`, checked: false }).waitFor();
    t.equal(await isActiveInDatabase(server.sql, NEW_USER.username), false, 'the server stored the change');
  });

  await t.test('shows the list as cards at 375 px', async (t) => {
    await page.setViewportSize({ width: 375, height: 812 });
    t.equal(await page.getByRole('table', { name: 'Admin Users' }).isVisible(), false, 'the table is hidden');
    const card = page.getByRole('listitem').filter({ hasText: NEW_USER.email });
    await card.waitFor();
    t.ok(await card.getByRole('switch', { name: `Two-factor: ${NEW_USER.username}` }).isVisible(), 'the card carries the row controls');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await t.test('deletes the user after confirmation', async (t) => {
    t.equal(await page.getByRole('button', { name: `Delete: ${SUPER_ADMIN.username}` }).count(), 0, 'no Delete on one’s own row');
    await page.getByRole('button', { name: `Delete: ${NEW_USER.username}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete this user? This action cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('User Deleted').waitFor();
    await page.getByRole('row', { name: new RegExp(NEW_USER.email) }).waitFor({ state: 'detached' });
    t.equal(await isActiveInDatabase(server.sql, NEW_USER.username), undefined, 'the user is gone from the database');
  });
});

t.test('a viewer reaching /admin-users sees that access is restricted', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser({ username: 'vic', password: 'vic-the-viewer-pass', role: 'viewer' });
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage();

  await signInAs(page, server.url, 'vic', 'vic-the-viewer-pass', '/admin-users');
  await page.getByText('Access Restricted').waitFor();
  t.equal(await page.getByRole('button', { name: 'Add User' }).count(), 0, 'no Add User button');
});

t.test("an admin's Create User offers only the roles an admin may give", async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser({ username: 'ada', password: 'ada-the-admin-pass', role: 'admin' });
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });

  await signInAs(page, server.url, 'ada', 'ada-the-admin-pass', '/admin-users');
  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New User' });
  const options = dialog.getByLabel('Role *').locator('option');
  const roles: (string | null)[] = [];
  for (let index = 0; index < (await options.count()); index += 1) roles.push(await options.nth(index).getAttribute('value'));
  t.strictSame(roles, ['viewer', 'editor', 'admin'], 'no Super Admin, which the server would refuse');
  await dialog.getByLabel('Username *').fill('newcomer');
  await dialog.getByLabel('Password *').fill('newcomer-password');
  await dialog.getByLabel('Role *').selectOption('admin');
  await dialog.getByRole('button', { name: 'Create User' }).click();
  await page.getByText('User Created').waitFor();
  const [row] = await server.sql<{ role: string }[]>`select role from admin_users where username = 'newcomer'`;
  t.equal(row?.role, 'admin', 'the highest role offered is accepted');
});
