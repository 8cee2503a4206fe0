import t from 'tap';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { insertMemberships } from '../../sql/access-control.js';

const ADMIN = { username: 'ada', password: 'ada-the-admin-password', role: 'admin' as const };
const VIEWER = { username: 'vera', password: 'vera-the-viewer-pass', role: 'viewer' as const };

t.test('an admin manages authorized groups and the admin whitelist on the Access Control screen', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(ADMIN);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const card = (name: string) => page.getByRole('article', { name });
  const toast = (text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
  const storedGroup = async (groupId: number) =>
    (await server.sql`SELECT group_name, group_type, daily_limit, description, is_active FROM authorized_groups WHERE group_id = ${groupId}`)[0];

  await t.test('the lists say they are loading, then that they are empty', async (t) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/authorized-groups', async (route) => {
      await held;
      await route.continue();
    });
    await signInAs(page, server.url, ADMIN.username, ADMIN.password, '/access-control');
    await page.getByRole('heading', { name: 'Access Control', level: 1 }).waitFor();
    await page.getByText('Loading groups...').waitFor();
    release();
    await page.getByText('No authorized groups found. Add your first group to get started.').waitFor();
    await page.unroute('**/api/authorized-groups');
    t.equal(await page.getByRole('tab', { name: 'Authorized Groups' }).getAttribute('aria-selected'), 'true', 'groups is the default tab');
    await page.getByRole('tab', { name: 'Admin Whitelist' }).click();
    await page.getByText('No whitelisted admins found. Add admins to exclude them from daily search limits.').waitFor();
    t.match(page.url(), /tab=whitelist/, 'the tab is in the address');
    await page.getByRole('tab', { name: 'Authorized Groups' }).click();
    await page.getByText('No authorized groups found. Add your first group to get started.').waitFor();
  });

  await t.test('adds a group: an empty form with the defaults, checked before it is sent', async (t) => {
    await page.getByRole('button', { name: 'Add Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Authorized Group' });
    t.equal(await dialog.getByLabel('Group ID').inputValue(), '');
    t.equal(await dialog.getByLabel('Group Name').inputValue(), '');
    t.equal(await dialog.getByLabel('Group Type').inputValue(), 'supergroup', 'a supergroup by default');
    t.equal(await dialog.getByLabel('Daily Limit').inputValue(), '3', 'a daily limit of 3 by default');
    t.ok(await dialog.getByLabel('Active').isChecked(), 'active by default');

    await dialog.getByLabel('Daily Limit').fill('');
    await dialog.getByRole('button', { name: 'Save Group' }).click();
    await dialog.getByText('Group ID is required').waitFor();
    await dialog.getByText('Group Name is required').waitFor();
    await dialog.getByText('Daily Limit is required').waitFor();
    await dialog.getByLabel('Group ID').fill('-12345');
    await dialog.getByLabel('Group Name').fill('Medical Help Network');
    await dialog.getByLabel('Daily Limit').fill('2.5');
    await dialog.getByRole('button', { name: 'Save Group' }).click();
    await dialog.getByText('A supergroup\'s Group ID starts with -100, such as -1001234567890. Check the ID, or choose the type "group".', { exact: true }).waitFor();
    await dialog.getByText('Daily limit must be a whole number from 1 to 10000.', { exact: true }).waitFor();
    t.equal(await dialog.getByText(/dailyLimit|groupId/).count(), 0, 'no raw field names on the form');
    await dialog.getByLabel('Daily Limit').fill('0');
    await dialog.getByRole('button', { name: 'Save Group' }).click();
    await dialog.getByText('Daily limit must be a whole number from 1 to 10000.', { exact: true }).waitFor();
    t.equal((await server.sql`SELECT 1 FROM authorized_groups`).length, 0, 'nothing was sent');

    await dialog.getByLabel('Group ID').fill('-1001234567890');
    await dialog.getByLabel('Daily Limit').fill('5');
    await dialog.getByLabel('Description').fill('The main community');
    await dialog.getByRole('button', { name: 'Save Group' }).click();
    await toast('Authorized group created successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const created = card('Medical Help Network');
    await created.waitFor();
    const text = await created.innerText();
    for (const part of ['Active', 'Group ID', '-1001234567890', 'Type', 'supergroup', 'Daily Limit', '5 requests', 'Description', 'The main community', 'Created']) {
      t.match(text, part, `the card shows ${part}`);
    }
    t.match(await storedGroup(-1001234567890), { groupName: 'Medical Help Network', groupType: 'supergroup', dailyLimit: 5, description: 'The main community', isActive: true });
    t.match(
      server.simulator.listGroups().find((chat) => chat.id === -1001234567890),
      { title: 'Medical Help Network', type: 'supergroup' },
      'the built-in Telegram has the group at once',
    );
  });

  await t.test('a chat id already authorized: the failure toast carries the server message', async (t) => {
    await page.getByRole('button', { name: 'Add Group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Authorized Group' });
    t.equal(await dialog.getByLabel('Group Name').inputValue(), '', 'the form starts empty again');
    await dialog.getByLabel('Group ID').fill('-1001234567890');
    await dialog.getByLabel('Group Name').fill('A copy');
    await dialog.getByRole('button', { name: 'Save Group' }).click();
    const failure = toast('Failed to create authorized group');
    await failure.waitFor();
    t.match(await failure.innerText(), 'An authorized group with Group ID -1001234567890 already exists');
    await dialog.getByText('An authorized group with Group ID -1001234567890 already exists').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  await t.test('edits a group: the form holds its values, "Saving..." while it saves', async (t) => {
    await page.getByRole('button', { name: 'Edit Medical Help Network' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Authorized Group' });
    t.equal(await dialog.getByLabel('Group ID').inputValue(), '-1001234567890');
    t.equal(await dialog.getByLabel('Group Name').inputValue(), 'Medical Help Network');
    t.equal(await dialog.getByLabel('Daily Limit').inputValue(), '5');
    t.equal(await dialog.getByLabel('Description').inputValue(), 'The main community');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/authorized-groups/*', async (route) => {
      await held;
      await route.continue();
    });
    await dialog.getByLabel('Daily Limit').fill('7');
    await dialog.getByLabel('Active').uncheck();
    await dialog.getByRole('button', { name: 'Save Group' }).click();
    await dialog.getByRole('button', { name: 'Saving...' }).waitFor();
    release();
    await toast('Authorized group updated successfully').waitFor();
    await page.unroute('**/api/authorized-groups/*');
    await card('Medical Help Network').getByText('7 requests').waitFor();
    await card('Medical Help Network').getByText('Inactive', { exact: true }).waitFor();
    t.match(await storedGroup(-1001234567890), { dailyLimit: 7, isActive: false });
  });

  await t.test('adds an admin to the whitelist and shows who added them', async (t) => {
    await page.getByRole('tab', { name: 'Admin Whitelist' }).click();
    await page.getByRole('button', { name: 'Add Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Admin to Whitelist' });
    await dialog.getByRole('button', { name: 'Save Admin' }).click();
    await dialog.getByText('Telegram ID is required').waitFor();
    await dialog.getByLabel('Telegram ID').fill('-100');
    await dialog.getByRole('button', { name: 'Save Admin' }).click();
    await dialog.getByText("Telegram ID must be a positive number: enter the user's Telegram ID, not a group's.", { exact: true }).waitFor();
    await dialog.getByLabel('Telegram ID').fill('412987654');
    await dialog.getByLabel('Username').fill('@tomh_medic');
    await dialog.getByLabel('First Name').fill('Tom');
    await dialog.getByLabel('Last Name').fill('Harris');
    await dialog.getByLabel('Reason').fill('Checks new contacts');
    await dialog.getByRole('button', { name: 'Save Admin' }).click();
    await toast('Admin added to whitelist successfully').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const text = await card('Tom').innerText();
    for (const part of ['Active', 'Telegram ID', '412987654', '@tomh_medic', 'Tom Harris', 'Checks new contacts', 'Added By', 'ada', 'Added']) {
      t.match(text, part, `the card shows ${part}`);
    }
    const [row] = await server.sql`SELECT username, added_by FROM admin_whitelist WHERE telegram_id = 412987654`;
    t.match(row, { username: 'tomh_medic', addedBy: 'ada' });

    await page.getByRole('button', { name: 'Edit Tom' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Admin Whitelist' });
    t.equal(await edit.getByLabel('Telegram ID').inputValue(), '412987654', 'edit mode holds the values');
    t.equal(await edit.getByLabel('Username').inputValue(), 'tomh_medic');
    await edit.getByLabel('First Name').fill('');
    await edit.getByRole('button', { name: 'Save Admin' }).click();
    await toast('Admin updated successfully').waitFor();
    await card('tomh_medic').waitFor();
    t.notMatch(await card('tomh_medic').innerText(), 'Full Name', 'the full name shows only when both names exist');
  });

  await t.test('deleting a group names how many members lose access; a group without members asks plainly', async (t) => {
    await server.sql`INSERT INTO authorized_groups (group_id, group_name) VALUES (-1005550001111, 'Clinic Partners')`;
    const at = new Date();
    await insertMemberships(
      server.sql,
      [1001, 1002, 412987654].map((telegramId) => ({ telegramId, groupId: -1005550001111, membershipStatus: 'member', joinedAt: at, lastVerified: at, isActive: true })),
    );
    await page.getByRole('tab', { name: 'Authorized Groups' }).click();
    await page.reload();
    await page.getByRole('button', { name: 'Edit Clinic Partners' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Authorized Group' });
    await edit.getByLabel('Active').uncheck();
    await edit.getByText('Deactivating it takes access to the bot from 2 members who have no other way in.').waitFor();
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete Clinic Partners' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete "Clinic Partners"?' });
    await confirm.getByText('2 members will lose access to the bot (1 other member keeps access through another group or the whitelist). This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast('Authorized group deleted successfully').waitFor();
    await card('Clinic Partners').waitFor({ state: 'detached' });
    t.equal((await server.sql`SELECT 1 FROM authorized_groups WHERE group_id = -1005550001111`).length, 0);

    await page.getByRole('button', { name: 'Delete Medical Help Network' }).click();
    const plain = page.getByRole('alertdialog', { name: 'Delete "Medical Help Network"?' });
    await plain.getByText('Are you sure you want to delete this group? This cannot be undone.').waitFor();
    await plain.getByRole('button', { name: 'Cancel' }).click();
    await plain.waitFor({ state: 'detached' });
    t.equal((await server.sql`SELECT 1 FROM authorized_groups`).length, 1, 'cancel keeps it');
    await page.getByRole('button', { name: 'Delete Medical Help Network' }).click();
    await plain.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No authorized groups found. Add your first group to get started.').waitFor();
  });

  await t.test('removing a whitelisted admin asks first', async (t) => {
    await page.getByRole('tab', { name: 'Admin Whitelist' }).click();
    await page.getByRole('button', { name: 'Delete tomh_medic' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Remove tomh_medic from the admin whitelist?' });
    await confirm.getByText(/held to the daily search limit again/).waitFor();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await toast('Admin removed from whitelist successfully').waitFor();
    await page.getByText('No whitelisted admins found. Add admins to exclude them from daily search limits.').waitFor();
    t.equal((await server.sql`SELECT 1 FROM admin_whitelist`).length, 0);
  });
});

t.test('a viewer sees the restricted notice, and the API refuses them', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(VIEWER);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signInAs(page, server.url, VIEWER.username, VIEWER.password, '/access-control');
  await page.getByRole('heading', { name: 'Access Restricted' }).waitFor();
  await page.getByText('Only Admin and Super Admin users can manage access control.').waitFor();
  t.equal(await page.getByRole('button', { name: 'Add Group' }).count(), 0, 'no add buttons');
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identifier: VIEWER.username, password: VIEWER.password }),
  });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const statuses = await Promise.all(['/api/authorized-groups', '/api/admin-whitelist'].map(async (url) => (await fetch(`${server.url}${url}`, { headers })).status));
  t.strictSame(statuses, [403, 403], 'both lists answer 403 to the viewer');
});
