import t from 'tap';
import { createTestApp } from '../helpers/app.js';
import { aContact } from '../helpers/bot-fixtures.js';
import { sample, someMetrics } from '../helpers/metrics.js';

const METRICS_TOKEN = 'a-scrape-token-for-the-tests';
const scrape = { method: 'GET' as const, url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } };

t.test('with metrics off, /metrics is not found, not the console page', async (t) => {
  const consoleDir = t.testdir({ 'index.html': '<!doctype html><html><body><div id="root"></div></body></html>' });
  const { app } = await createTestApp(t, { consoleDir });
  const response = await app.inject(scrape);
  t.equal(response.statusCode, 404);
  t.same(response.json(), { error: 'Not Found', message: 'No route for GET /metrics' });
});

t.test('a scrape needs METRICS_TOKEN as its bearer token, and a staff sign-in is no substitute', async (t) => {
  const { app, userWithToken } = await createTestApp(t, { metrics: { token: METRICS_TOKEN, registry: someMetrics() } });
  const { token: staffToken } = await userWithToken('admin');
  const refused: [string, Record<string, string>][] = [
    ['no token', {}],
    ['a wrong token', { authorization: `Bearer ${METRICS_TOKEN}x` }],
    ['the token in another scheme', { authorization: `Basic ${METRICS_TOKEN}` }],
    ['a staff access token', { authorization: `Bearer ${staffToken}` }],
  ];
  for (const [what, headers] of refused) {
    const response = await app.inject({ method: 'GET', url: '/metrics', headers });
    t.equal(response.statusCode, 401, what);
    t.same(response.json(), { error: 'Unauthorized', message: 'Wrong or missing metrics token' }, what);
  }
  const response = await app.inject(scrape);
  t.equal(response.statusCode, 200);
  t.equal(response.headers['content-type'], 'text/plain; version=0.0.4; charset=utf-8');
  const names = [
    'medcontacts_bot_updates_total counter',
    'medcontacts_bot_answer_seconds histogram',
    'medcontacts_broadcast_messages_total counter',
    'medcontacts_log_rows_pending gauge',
    'medcontacts_db_pool_waiting gauge',
    'medcontacts_http_request_duration_seconds histogram',
    'process_cpu_user_seconds_total counter',
  ];
  for (const name of names) t.match(response.body, `\n# TYPE ${name}\n`, name);
});

t.test('the gauges read their sources when scraped', async (t) => {
  let pending = 3;
  const registry = someMetrics({ logRowsPending: () => pending, dbPoolWaiting: () => 2 });
  t.equal(await sample(registry, 'medcontacts_log_rows_pending'), 3);
  pending = 1203;
  t.equal(await sample(registry, 'medcontacts_log_rows_pending'), 1203);
  t.equal(await sample(registry, 'medcontacts_db_pool_waiting'), 2);
});

t.test('requests are timed by route pattern and status, never by the path asked for', async (t) => {
  const registry = someMetrics();
  const { app, db, call, userWithToken } = await createTestApp(t, { metrics: { token: METRICS_TOKEN, registry } });
  const { token } = await userWithToken('viewer');
  const contact = await aContact(db.sql);
  t.equal((await call(token, { method: 'GET', url: `/api/medical-contacts/${contact.id}` })).statusCode, 200);
  t.equal((await call(token, { method: 'GET', url: `/api/medical-contacts/${contact.id + 1000}` })).statusCode, 404);
  t.equal((await app.inject({ method: 'GET', url: `/no/such/page/${contact.id}` })).statusCode, 404);

  const series = (route: string, status: number) => `medcontacts_http_request_duration_seconds_count{method="GET",route="${route}",status="${status}"}`;
  t.equal(await sample(registry, series('/api/medical-contacts/:id', 200)), 1);
  t.equal(await sample(registry, series('/api/medical-contacts/:id', 404)), 1);
  t.equal(await sample(registry, series('unmatched', 404)), 1, 'a path no route matches has one label');
  const { text } = await registry.exposition();
  t.notMatch(text, `/api/medical-contacts/${contact.id}`);
  t.notMatch(text, '/no/such/page');
});
