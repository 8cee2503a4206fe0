import t from 'tap';
import { chooseBrowser, launchBrowser, signIn } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

// Every other browser test takes the system Chromium where the machine has one (CI installs it), so
// this file keeps the path a fresh machine takes, the Chromium inside the npm package, from rotting.
const server = await startTestServer();
t.teardown(() => server.close());

t.test('the Chromium shipped in the npm package signs in and shows the dashboard', async (t) => {
  const chosen = await chooseBrowser('packaged');
  t.match(chosen.description, /^the Chromium of @sparticuz\/chromium at .+ \(asked for\)$/);
  const browser = await launchBrowser('packaged');
  t.teardown(() => browser.close());
  t.match(browser.version(), /^\d+\./, 'a real Chromium answers');

  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await signIn(page, server.url, 'root', 'root-password-for-tests');
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
  t.equal(new URL(page.url()).pathname, '/dashboard');
  await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor({ state: 'visible' });
  t.pass('the dashboard heading is shown');
});
