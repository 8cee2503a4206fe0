import t from 'tap';
import type { Page } from 'playwright-core';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const ADMIN = { username: 'dora', password: 'dora-the-admin-pass', role: 'admin' as const };
/**
 * How many frames after a dialog opens it is closed again: from at once to past its 200 ms animation
 * (12 frames at 60 per second), each frame of it. With Headless UI's `transition`, a close during the
 * enter left the dialog mounted, invisible, over the whole screen (headlessui#3892): the old console was
 * stuck for some of these (2 in 15 at 40 ms).
 */
const CLOSE_AFTER_FRAMES = Array.from({ length: 16 }, (_, frames) => frames);

/** Resolves after `count` frames of the page: a moment of its animation, counted by the page, not by a clock. */
async function frames(page: Page, count: number): Promise<void> {
  await page.evaluate(`new Promise((resolve) => { let left = ${count}; const next = () => (left-- > 0 ? requestAnimationFrame(next) : resolve(true)); next(); })`);
}

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
    await signInAs(page, server.url, ADMIN.username, ADMIN.password, '/messaging/broadcasts');
    const compose = page.getByRole('form', { name: 'Compose Broadcast' });
    await compose.getByText('Sends to the 1 reachable bot user.').waitFor();
    for (const delay of CLOSE_AFTER_FRAMES) {
      await compose.getByLabel('Message Title').fill(`Notice after ${delay} frames`);
      await compose.getByLabel('Message Content').fill('The pharmacy opens at nine.');
      await compose.getByRole('button', { name: 'Send Broadcast' }).click();
      await frames(page, delay);
      await page.getByRole('alertdialog', { name: 'Send to the 1 bot user?' }).getByRole('button', { name: 'Send to All' }).click({ force: true });
      await page.getByRole('article', { name: `Notice after ${delay} frames` }).waitFor();
      t.ok(await noDialogLeft(page), `confirmed ${delay} frames after it opened: the dialog is gone`);
      await compose.getByRole('button', { name: 'Send Broadcast' }).click({ trial: true, timeout: 3000 });
    }
    const [sent] = await server.sql<{ count: number }[]>`SELECT count(*)::int AS count FROM broadcasts`;
    t.equal(sent!.count, CLOSE_AFTER_FRAMES.length, 'each confirmation sent one broadcast');
    await page.close();
  });

  await t.test('the menu at 375 px closed while it slides in', async (t) => {
    const page = await browser.newPage({ viewport: { width: 375, height: 800 } });
    await signInAs(page, server.url, ADMIN.username, ADMIN.password);
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    for (const delay of CLOSE_AFTER_FRAMES) {
      await openMenu.click();
      await frames(page, delay);
      // Dispatched: while the menu slides in, its button may still be outside the viewport.
      await page.getByRole('button', { name: 'Close menu' }).dispatchEvent('click');
      t.ok(await noDialogLeft(page), `closed ${delay} frames after it opened: the menu is gone`);
      await openMenu.click({ trial: true, timeout: 3000 });
    }
    await page.close();
  });
});
