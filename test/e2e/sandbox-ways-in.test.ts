import t from 'tap';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';
import { aContactAt, whitelist } from '../helpers/sandbox.js';
import { layoutProblems } from '../helpers/layout.js';

const EDITOR = { username: 'eddie', password: 'eddie-the-editor', role: 'editor' as const };
const LYON = { latitude: 45.7485, longitude: 4.8467 };

t.test("the sandbox shows the bot's reply keyboard and its 🗺 Map button, at 1440 and 375 px", async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  await server.createUser(EDITOR);
  await aContactAt(server.sql, { name: 'Dr Lucie Moreau', city: 'Lyon', country: 'FR', ...LYON });
  const browser = await launchBrowser();
  t.teardown(() => browser.close());

  for (const [width, userId] of [[1440, 881001], [375, 881002]] as const) {
    await t.test(`${width} px`, async (t) => {
      server.simulator.upsertUser({ id: userId, first_name: `Width${width}` });
      await whitelist(server.sql, userId);
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      t.teardown(() => context.close());
      const page = await context.newPage();
      await signInAs(page, server.url, EDITOR.username, EDITOR.password);
      await page.goto(`${server.url}/bot-sandbox?user=${userId}`);

      await page.getByRole('button', { name: '/start', exact: true }).click();
      await page.getByRole('listitem', { name: 'Bot reply' }).filter({ hasText: `Hello, Width${width}!` }).waitFor();
      const keyboard = page.getByRole('group', { name: 'Reply keyboard' });
      const share = keyboard.getByRole('button', { name: '📍 Share my location' });
      await share.waitFor();

      await share.click();
      await keyboard.getByText(`Send Width${width}'s location once with Send location below: this button then shares it again, as a phone shares where it is.`).waitFor();

      const form = page.getByRole('form', { name: 'Send location' });
      await form.getByLabel('Latitude').fill(String(LYON.latitude));
      await form.getByLabel('Longitude').fill(String(LYON.longitude));
      await form.getByRole('button', { name: 'Send location' }).click();
      const answers = page.getByRole('listitem', { name: 'Bot reply' }).filter({ hasText: 'Dr Lucie Moreau' });
      await answers.first().waitFor();
      t.equal(await keyboard.getByText(/Send Width/).count(), 0, 'the hint goes once a location is known');

      await share.click();
      await answers.nth(1).waitFor();
      t.equal(await page.getByRole('listitem', { name: `Sent by Width${width}` }).filter({ hasText: /Location\s+45\.7485, 4\.8467/ }).count(), 2, 'the button sent the same location again');

      const map = answers.nth(1).getByRole('group', { name: 'Inline buttons' }).getByRole('button', { name: '🗺 Map' });
      await map.click();
      // The frame beside the chat, as Telegram opens a web_app button; the launch parameters follow in the hash.
      const frameSource = await page.locator('iframe[title^="Mini App of"]').getAttribute('src');
      t.equal(frameSource?.split('#')[0], '/app/?latitude=45.74850&longitude=4.84670', 'the Mini App opens on the answer\'s point');
      await page.getByRole('button', { name: 'Close Mini App' }).click();

      if (width === 375) t.same(await layoutProblems(page), [], 'nothing scrolls sideways or is cut');
    });
  }
});
