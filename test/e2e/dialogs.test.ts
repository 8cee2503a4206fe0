import t from 'tap';
import type { Page } from 'playwright-core';
import { launchBrowser, signIn } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const ADMIN = { username: 'dora', password: 'dora-the-admin-pass', role: 'admin' as const };
/**
 * How long after a dialog opens it is closed again: from at once to past its 200 ms animation. With
 * Headless UI's `transition`, a close during the enter left the dialog mounted, invisible, over the
 * whole screen (headlessui#3892): the old console was stuck for some of these (2 in 15 at 40 ms).
 */
const CLOSE_AFTER_MS = [...Array.from({ length: 31 }, (_, step) => step * 5), 200, 250];

/** Nothing of a dialog is left in the page: no layer that would take the screen's clicks. */
async function noDialogLeft(page: Page): Promise<boolean> {
  return page
    .locator('#headlessui-portal-root')
    .waitFor({ state: 'detached', timeout: 3000 })
    .then(
      () => true,
      () => false,
    );
}

t.test('a dialog closed while it opens leaves the screen usable', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(ADMIN);
  await server.sql`INSERT INTO telegram_users (telegram_id, first_name, last_seen) VALUES (700001, 'Amira', now())`;
  server.simulator.upsertUser({ id: 700001, first_name: 'Amira' });
  const browser = await launchBrowser();
  t.teardown(() => browser.close());

  await t.test('a confirmation answered at once: its request ends while it is still coming in', async (t) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    await page.goto(`${server.url}/messaging/broadcasts`);
    const compose = page.getByRole('form', { name: 'Compose Broadcast' });
    await compose.getByText('Sends to the 1 reachable bot user.').waitFor();
    for (const delay of CLOSE_AFTER_MS) {
      await compose.getByLabel('Message Title').fill(`Notice after ${delay} ms`);
      await compose.getByLabel('Message Content').fill('The pharmacy opens at nine.');
      await compose.getByRole('button', { name: 'Send Broadcast' }).click();
      await page.waitForTimeout(delay);
      await page.getByRole('alertdialog', { name: 'Send to the 1 bot user?' }).getByRole('button', { name: 'Send to All' }).click({ force: true });
      await page.getByRole('article', { name: `Notice after ${delay} ms` }).waitFor();
      t.ok(await noDialogLeft(page), `confirmed ${delay} ms after it opened: the dialog is gone`);
      await compose.getByRole('button', { name: 'Send Broadcast' }).click({ trial: true, timeout: 3000 });
    }
    const [sent] = await server.sql<{ count: number }[]>`SELECT count(*)::int AS count FROM broadcasts`;
    t.equal(sent!.count, CLOSE_AFTER_MS.length, 'each confirmation sent one broadcast');
    await page.close();
  });

  await t.test('the menu at 375 px closed while it slides in', async (t) => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await signIn(page, server.url, ADMIN.username, ADMIN.password);
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    for (const delay of CLOSE_AFTER_MS) {
      await openMenu.click();
      await page.waitForTimeout(delay);
      // Dispatched: while the menu slides in, its button may still be outside the viewport.
      await page.getByRole('button', { name: 'Close menu' }).dispatchEvent('click');
      t.ok(await noDialogLeft(page), `closed ${delay} ms after it opened: the menu is gone`);
      await openMenu.click({ trial: true, timeout: 3000 });
    }
    await page.close();
  });
});
