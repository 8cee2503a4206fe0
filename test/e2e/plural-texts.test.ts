import t from 'tap';
import { aContactAt } from '../helpers/sandbox.js';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const ADMIN = { username: 'adele', password: 'adele-the-admin-pass', role: 'admin' as const };

/** Counts on screen take the right form for 1 and for more: "1 contact", "2 contacts", "1 request". */
t.test('count texts in the console: 1 and 2', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(ADMIN);
  const { sql } = server;
  await sql`INSERT INTO authorized_groups (group_id, group_name, daily_limit) VALUES (-1001000000001, 'Solo Group', 1), (-1001000000002, 'Pair Group', 2)`;
  for (const name of ['Dr Alpha', 'Dr Beta', 'Dr Gamma']) {
    await aContactAt(sql, { name, city: 'Paris', country: 'FR', latitude: 48.85, longitude: 2.35 });
  }

  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await t.test('a group\'s daily limit: 1 request, 2 requests', async (t) => {
    await signInAs(page, server.url, ADMIN.username, ADMIN.password, '/access-control');
    const solo = page.getByRole('listitem').filter({ hasText: 'Solo Group' });
    const pair = page.getByRole('listitem').filter({ hasText: 'Pair Group' });
    await solo.waitFor();
    t.match(await solo.innerText(), /Daily Limit\s+1 request\b/);
    t.match(await pair.innerText(), /Daily Limit\s+2 requests\b/);
  });

  await t.test('bulk delete: 1 contact, then 2 contacts', async (t) => {
    await page.goto(`${server.url}/medical-contacts`);
    await page.getByLabel('Select Dr Alpha').check();
    await page.getByRole('button', { name: 'Bulk Delete' }).click();
    let confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete 1 contact? This action cannot be undone.', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Delete 1 contact', exact: true }).click();
    await page.getByText('Bulk deleted 1 contact successfully', { exact: true }).waitFor();

    await page.getByLabel('Select Dr Beta').check();
    await page.getByLabel('Select Dr Gamma').check();
    await page.getByRole('button', { name: 'Bulk Delete' }).click();
    confirm = page.getByRole('alertdialog');
    await confirm.getByText('Are you sure you want to delete 2 contacts? This action cannot be undone.', { exact: true }).waitFor();
    await confirm.getByRole('button', { name: 'Delete 2 contacts', exact: true }).click();
    await page.getByText('Bulk deleted 2 contacts successfully', { exact: true }).waitFor();
    t.equal((await sql`SELECT 1 FROM medical_contacts`).length, 0);
  });
});
