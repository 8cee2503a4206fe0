import t from 'tap';
import { buildApp } from '../../api/app.js';
import type { BotStatusReport } from '../../api/ports.js';
import { databaseProber } from '../../sql/availability.js';
import { createTestApp, TEST_JWT_SECRET } from '../helpers/app.js';
import { aProxiedDatabase } from '../helpers/proxied-database.js';

t.test('GET /api/health answers without authentication', async (t) => {
  const { app } = await createTestApp(t);
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  t.equal(response.statusCode, 200);
  t.same(response.json(), { status: 'ok', db: 'ok', bot: 'not_running' });
});

t.test('an unknown API path is a JSON 404', async (t) => {
  const { app } = await createTestApp(t);
  const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
  t.equal(response.statusCode, 404);
  t.equal(response.json().message, 'No route for GET /api/nothing-here');
});

t.test('GET /api/health/live and /api/health/ready answer 200 without authentication on a migrated database', async (t) => {
  const { app } = await createTestApp(t);
  const live = await app.inject({ method: 'GET', url: '/api/health/live' });
  t.equal(live.statusCode, 200);
  t.strictSame(live.json(), { status: 'ok' });
  const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
  t.equal(ready.statusCode, 200);
  t.strictSame(ready.json(), { status: 'ok' });
});

t.test('while the database is cut: live 200, ready 503 saying why; both 200 once it is back', async (t) => {
  const { proxied, proxy } = await aProxiedDatabase(t);
  const app = await buildApp({ sql: proxied.sql, probeDatabase: databaseProber(proxied), config: { jwtSecret: TEST_JWT_SECRET } });
  t.teardown(() => app.close());
  await proxy.refuse();

  const live = await app.inject({ method: 'GET', url: '/api/health/live' });
  t.equal(live.statusCode, 200, 'the process serves: no reason to restart it');
  t.strictSame(live.json(), { status: 'ok' });
  const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
  t.equal(ready.statusCode, 503);
  t.match(ready.json(), { status: 'not_ready', reason: /^database unavailable: (ECONNREFUSED|ECONNRESET)$/ });
  t.strictSame(Object.keys(ready.json()), ['status', 'reason']);

  await proxy.restore();
  t.equal((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode, 200);
  const back = await app.inject({ method: 'GET', url: '/api/health/ready' });
  t.equal(back.statusCode, 200);
  t.strictSame(back.json(), { status: 'ok' });
});

t.test('ready is 503 while a migration this code knows has not been applied, naming it', async (t) => {
  const { app, db } = await createTestApp(t);
  const [last] = await db.sql<{ name: string }[]>`DELETE FROM schema_migrations WHERE name = (SELECT max(name) FROM schema_migrations) RETURNING name`;
  const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
  t.equal(ready.statusCode, 503);
  t.strictSame(ready.json(), { status: 'not_ready', reason: `migrations not applied: ${last!.name}` });
  t.equal((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode, 200, 'live all the same');

  await db.sql`INSERT INTO schema_migrations (name) VALUES (${last!.name})`;
  t.equal((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode, 200, 'ready once it is applied');
});

t.test('ready is 503 while the bot has failed, saying why; a bot still reaching Telegram is no reason', async (t) => {
  let bot: BotStatusReport = { state: 'starting', mode: 'polling', lastUpdateAt: null };
  const { app } = await createTestApp(t, { botStatus: () => bot });
  t.equal((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode, 200, 'starting');

  bot = { state: 'failed', mode: 'polling', lastUpdateAt: null, problem: 'Telegram refused the bot token (401: Unauthorized).' };
  const failed = await app.inject({ method: 'GET', url: '/api/health/ready' });
  t.equal(failed.statusCode, 503);
  t.strictSame(failed.json(), { status: 'not_ready', reason: 'bot failed: Telegram refused the bot token (401: Unauthorized).' });
  bot = { state: 'failed', mode: 'webhook', lastUpdateAt: null };
  t.strictSame((await app.inject({ method: 'GET', url: '/api/health/ready' })).json(), { status: 'not_ready', reason: 'bot failed' }, 'no problem told');
  t.equal((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode, 200, 'live all the same');

  bot = { state: 'running', mode: 'polling', lastUpdateAt: null };
  t.equal((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode, 200, 'running again');
});
