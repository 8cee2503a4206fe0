import path from 'node:path';
import t from 'tap';
import { loadConfig } from '../../scripts/config.js';
import { startProduct } from '../../scripts/product.js';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { LARGE_CITIES } from '../helpers/gazetteer.js';
import { aProxiedDatabase } from '../helpers/proxied-database.js';
import { until } from '../helpers/wait.js';

/** How often the console retries a screen's request while the API answers 503 (console/src/lib/query-client.ts). */
const OUTAGE_RETRY_MS = 5000;

// The product on a database the test can cut off (through a proxy), serving the built console.
const { proxied, proxy } = await aProxiedDatabase(t);
const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_DATA: 'off' });
const product = await startProduct({
  ...config,
  dataDir: null,
  database: proxied,
  consoleDir: path.resolve('console/dist'),
  initialAdmin: { username: 'root', password: 'root-password-for-tests' },
  gazetteerFilter: LARGE_CITIES,
});
// Teardowns run last first: the product stops before its database closes.
t.teardown(() => product.stop());
const browser = await launchBrowser();
t.teardown(() => browser.close());

t.test('while the database is away the console says so in a banner, and recovers by itself when it is back', async (t) => {
  const page = await browser.newPage();
  t.teardown(() => page.close());
  // The page's clock runs as usual until the test moves it on to the console's next retry.
  await page.clock.install();
  await signInAs(page, product.url, 'root', 'root-password-for-tests');
  // The console asks who is signed in as it starts: answered before the database goes away.
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
  const banner = page.getByRole('alert', { name: 'Database unavailable' });
  t.equal(await banner.count(), 0, 'no banner while the database answers');

  await proxy.refuse();
  t.teardown(() => proxy.restore());
  await page.getByRole('link', { name: 'Bot Logs' }).first().click();
  await banner.waitFor({ timeout: 10_000 });
  t.match(await banner.innerText(), /The database is unavailable; retrying shortly/);
  t.match(await banner.innerText(), /no need to reload the page/);

  await proxy.restore();
  // The server reconnects first (its pool's back-off runs on real time), then the console's next retry,
  // one outage retry interval on, finds the database back.
  await until(async () => (await fetch(`${product.url}/api/health`)).ok, 'the server to reach its database again', 60_000);
  // Health reads through a pool of its own: the screens' pool may come back a moment later, and a retry
  // that still got 503 waits for the next interval.
  for (let retry = 1; ; retry += 1) {
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/bot-logs'));
    await page.clock.runFor(OUTAGE_RETRY_MS);
    if ((await answered).status() !== 503) break;
    if (retry === 10) throw new Error('the Bot Logs API still answered 503 after 10 retries');
  }
  await banner.waitFor({ state: 'detached', timeout: 15_000 });
  t.pass('the banner went away once the database answered again, without a reload');
});
