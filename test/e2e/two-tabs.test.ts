import t from 'tap';
import { launchBrowser, signInAs } from '../helpers/browser.js';
import { startTestServer } from '../helpers/server.js';

const ADMIN = { username: 'tabby', password: 'tabby-the-admin', role: 'admin' as const };

t.test('two tabs whose access token ran out renew it together without signing the person out', async (t) => {
  const server = await startTestServer();
  t.teardown(() => server.close());
  const { id } = await server.createUser(ADMIN);
  const browser = await launchBrowser();
  t.teardown(() => browser.close());
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const first = await context.newPage();
  await signInAs(first, server.url, ADMIN.username, ADMIN.password);
  const second = await context.newPage();
  await second.goto(`${server.url}/medical-contacts`);
  await second.getByRole('heading', { name: 'Medical Contacts', level: 1 }).waitFor();

  const refreshes: number[] = [];
  context.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/auth/refresh') refreshes.push(response.status());
  });
  // Both tabs share the stored pair; an access token the server no longer takes stands for one whose 15 minutes ran out.
  await first.evaluate("localStorage.setItem('adminToken', 'expired')");
  for (let round = 1; round <= 3; round += 1) {
    await Promise.all([first.reload(), second.reload()]);
    await Promise.all([
      first.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor(),
      second.getByRole('heading', { name: 'Medical Contacts', level: 1 }).waitFor(),
    ]);
    t.notMatch(first.url(), /\/login/, `round ${round}: the first tab stays signed in`);
    t.notMatch(second.url(), /\/login/, `round ${round}: the second tab too`);
    await first.evaluate("localStorage.setItem('adminToken', 'expired')");
  }
  t.ok(refreshes.length >= 3, `renewed (${refreshes.length} exchanges)`);
  // A 409 is a tab that presented the pair another had just renewed (its storage had not caught up) and took the renewed one.
  t.same(refreshes.filter((status) => status !== 200 && status !== 409), [], 'no renewal was refused as a copy');
  const ended = await server.sql`SELECT 1 FROM admin_sessions WHERE user_id = ${id} AND revoked_reason = 'refresh_token_reused'`;
  t.equal(ended.length, 0, 'and no session was ended as stolen');
});
