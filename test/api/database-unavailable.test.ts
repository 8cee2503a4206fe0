import t from 'tap';
import { buildApp } from '../../api/app.js';
import { databaseProber } from '../../sql/availability.js';
import { aProxiedDatabase } from '../helpers/proxied-database.js';

const config = { jwtSecret: 'test-secret-of-at-least-thirty-two-characters' };
const UNAVAILABLE = { error: 'Service Unavailable', message: 'database unavailable, retry shortly' };
const signIn = { method: 'POST', url: '/api/auth/login', payload: { identifier: 'root', password: 'root-password-for-tests' } } as const;

/** Runs a request through the app, timed. */
async function timed<T>(request: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await request();
  return { answer, ms: performance.now() - started };
}

t.test('a database that refuses connections: health and the API answer 503 at once, saying why', async (t) => {
  const { proxied, proxy } = await aProxiedDatabase(t);
  const app = await buildApp({ sql: proxied.sql, probeDatabase: databaseProber(proxied), config });
  t.teardown(() => app.close());
  await proxy.refuse();

  const health = await timed(() => app.inject({ method: 'GET', url: '/api/health' }));
  t.equal(health.answer.statusCode, 503);
  t.match(health.answer.json(), { status: 'degraded', db: 'unreachable', reason: /^database unavailable: (ECONNREFUSED|ECONNRESET)$/, bot: 'not_running' });
  t.ok(health.ms < 1000, `health answered in ${Math.round(health.ms)} ms`);

  const call = await timed(() => app.inject(signIn));
  t.equal(call.answer.statusCode, 503);
  t.same(call.answer.json(), UNAVAILABLE);
  t.equal(call.answer.headers['retry-after'], '5');
});

t.test('a database that goes silent: a request waiting on it is answered 503 within 5 s, health within a second', async (t) => {
  const { proxied, proxy } = await aProxiedDatabase(t);
  const app = await buildApp({ sql: proxied.sql, probeDatabase: databaseProber(proxied), config });
  // Last first: the database answers again, so the abandoned handler ends and the app can close.
  t.teardown(async () => {
    await proxy.restore();
    await app.close();
  });
  await proxied.sql`SELECT 1`;
  proxy.stall();

  const [health, call] = await Promise.all([
    timed(() => app.inject({ method: 'GET', url: '/api/health' })),
    timed(() => app.inject(signIn)),
  ]);
  t.equal(health.answer.statusCode, 503);
  t.match(health.answer.json(), { db: 'unreachable', reason: 'database unavailable: timeout' });
  t.ok(health.ms < 1000, `health answered in ${Math.round(health.ms)} ms`);
  t.equal(call.answer.statusCode, 503);
  t.same(call.answer.json(), UNAVAILABLE);
  t.ok(call.ms < 5000, `the API answered in ${Math.round(call.ms)} ms`);
});
