import t from 'tap';
import { buildApp } from '../../api/app.js';
import { databaseProber } from '../../sql/availability.js';
import { DATABASE_DEADLINE_MS, DATABASE_DEADLINE_PROBE_MS } from '../../api/plugins/database-deadline.js';
import { HEALTH_PROBE_MS } from '../../api/routes/health.js';
import { aProxiedDatabase } from '../helpers/proxied-database.js';

const config = { jwtSecret: 'test-secret-of-at-least-thirty-two-characters' };
const UNAVAILABLE = { error: 'Service Unavailable', message: 'database unavailable, retry shortly' };
const signIn = { method: 'POST', url: '/api/auth/login', payload: { identifier: 'root', password: 'root-password-for-tests' } } as const;

t.test('a database that refuses connections: health and the API answer 503 at once, saying why', async (t) => {
  const { proxied, proxy } = await aProxiedDatabase(t);
  const app = await buildApp({ sql: proxied.sql, probeDatabase: databaseProber(proxied), config });
  t.teardown(() => app.close());
  await proxy.refuse();

  const health = await app.inject({ method: 'GET', url: '/api/health' });
  t.equal(health.statusCode, 503);
  t.match(health.json(), { status: 'degraded', db: 'unreachable', reason: /^database unavailable: (ECONNREFUSED|ECONNRESET)$/, bot: 'not_running' });

  const call = await app.inject(signIn);
  t.equal(call.statusCode, 503);
  t.same(call.json(), UNAVAILABLE);
  t.equal(call.headers['retry-after'], '5');
});

t.test('a database that goes silent: a request waiting on it and health are answered 503, saying why', async (t) => {
  const { proxied, proxy } = await aProxiedDatabase(t);
  const app = await buildApp({ sql: proxied.sql, probeDatabase: databaseProber(proxied), config });
  // Last first: the database answers again, so the abandoned handler ends and the app can close.
  t.teardown(async () => {
    await proxy.restore();
    await app.close();
  });
  await proxied.sql`SELECT 1`;
  proxy.stall();

  const [health, call] = await Promise.all([app.inject({ method: 'GET', url: '/api/health' }), app.inject(signIn)]);
  t.equal(health.statusCode, 503);
  t.match(health.json(), { db: 'unreachable', reason: 'database unavailable: timeout' });
  t.equal(call.statusCode, 503);
  t.same(call.json(), UNAVAILABLE);
  t.equal(call.headers['retry-after'], '5');
});

t.test('the waits add up to the promised bounds: a request is answered within 5 s, health within a second', async (t) => {
  t.ok(DATABASE_DEADLINE_MS + DATABASE_DEADLINE_PROBE_MS < 5000, 'the request deadline and its probe');
  t.ok(HEALTH_PROBE_MS < 1000, "health's probe");
});
