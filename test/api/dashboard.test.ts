import t from 'tap';
import { parse } from 'csv-parse/sync';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { aBotLog, insertLogs } from '../helpers/bot-logs.js';
import { rollUpLogs } from '../../sql/log-rollups.js';
import { DASHBOARD_CSV_HEADERS, type DashboardStats } from '../../api/contract/dashboard.js';
import type { Sql } from '../../sql/database.js';

const NOW = new Date('2026-11-21T10:30:00Z');

/**
 * The fixed logs the expectations below are counted from by hand. The first ones are rolled up,
 * the last two are written after the roll-up, so both halves of every reader are exercised.
 * The last 24 hours are 2026-11-20 10:30 to 2026-11-21 10:30; the 24 hours before start on the 19th at 10:30.
 */
async function insertFixedLogs(sql: Sql): Promise<void> {
  await insertLogs(sql, [
    aBotLog({ createdAt: new Date('2026-11-21T09:15:00Z'), level: 'INFO', userId: 1, durationMs: 100 }),
    aBotLog({ createdAt: new Date('2026-11-21T09:45:00Z'), level: 'ERROR', userId: 2, durationMs: 300 }),
    aBotLog({ createdAt: new Date('2026-11-20T12:00:00Z'), level: 'INFO', userId: 3, durationMs: 200 }),
    // Before the last 24 hours began, so user 4 is not active in them.
    aBotLog({ createdAt: new Date('2026-11-20T08:00:00Z'), level: 'WARN', userId: 4, durationMs: 400 }),
    aBotLog({ createdAt: new Date('2026-11-19T12:00:00Z'), level: 'INFO', userId: 1, durationMs: null }),
    aBotLog({ createdAt: new Date('2026-11-10T10:00:00Z'), level: 'INFO', userId: 5, durationMs: 1000 }),
    aBotLog({ createdAt: new Date('2026-10-01T10:00:00Z'), level: 'ERROR', userId: 6, durationMs: 500 }),
  ]);
  await rollUpLogs(sql);
  await insertLogs(sql, [
    aBotLog({ createdAt: new Date('2026-11-21T10:05:00Z'), level: 'INFO', userId: 3, durationMs: 600 }),
    aBotLog({ createdAt: new Date('2026-11-20T11:30:00Z'), level: 'DEBUG', userId: 7, durationMs: null }),
  ]);
}

async function insertDirectory(sql: Sql): Promise<void> {
  const contact = (name: string, city: string, country: string, active = true) =>
    sql`INSERT INTO medical_contacts (name, phone, city, country, is_active) VALUES (${name}, '+44 20 0000 0000', ${city}, ${country}, ${active})`;
  for (const [index, [city, country, count]] of (
    [['London', 'GB', 4], ['Paris', 'FR', 3], ['Berlin', 'DE', 2], ['Oslo', 'NO', 2], ['Madrid', 'ES', 1], ['Rome', 'IT', 1]] as const
  ).entries()) {
    for (let n = 0; n < count; n++) await contact(`Doctor ${index}.${n}`, city, country);
  }
  // Inactive contacts count in the total only: three inactive in Rome do not lift it into the top five.
  for (let n = 0; n < 3; n++) await contact(`Retired ${n}`, 'Rome', 'IT', false);
  await sql`INSERT INTO telegram_users (telegram_id, created_at) VALUES (1, '2026-01-01Z'), (2, '2026-11-16Z'), (3, '2026-11-21T10:00Z')`;
  await sql`
    INSERT INTO broadcasts (title, target_type, status, success_count, finished_at) VALUES
      ('Recent', 'all', 'sent', 20, '2026-11-21T08:00Z'), ('Last week', 'all', 'sent', 7, '2026-11-14T08:00Z'),
      ('Failed', 'all', 'failed', 0, '2026-11-21T08:00Z'), ('Earlier', 'all', 'sent', 30, '2026-10-30T08:00Z'),
      -- Cancelled after 60 of its messages went out: they were delivered all the same.
      ('Cancelled', 'all', 'cancelled', 60, '2026-11-21T07:00Z'), ('Cancelled early', 'all', 'cancelled', 0, '2026-11-21T07:00Z')`;
}

async function stats(testApp: TestApp, token: string, period: string): Promise<DashboardStats> {
  const response = await testApp.call(token, { method: 'GET', url: `/api/bot-stats?period=${period}` });
  if (response.statusCode !== 200) throw new Error(`GET /api/bot-stats?period=${period}: ${response.statusCode} ${response.body}`);
  return response.json() as DashboardStats;
}

t.test('each window: the four figures, their trends, the chart points and the stat cards', async (t) => {
  const testApp = await createTestApp(t);
  testApp.clock.set(NOW);
  await insertFixedLogs(testApp.db.sql);
  await insertDirectory(testApp.db.sql);
  const { token } = await testApp.userWithToken('viewer');

  t.test('24h: the rolling 24 hours ending now, in 24 one-hour spans', async (t) => {
    const day = await stats(testApp, token, '24h');
    t.equal(day.from, '2026-11-20T10:30:00.000Z');
    t.equal(day.to, '2026-11-21T10:30:00.000Z');
    t.equal(day.timeZone, 'UTC');
    // In: 09:15 INFO, 09:45 ERROR, 12:00 (20th) INFO, 10:05 INFO, 11:30 (20th) DEBUG.
    // The 24 hours before: 12:00 (19th) INFO and 08:00 (20th) WARN.
    t.same(day.totalRequests, { value: 5, previous: 2, trendPercent: 150 });
    // Success Rate: requests without an ERROR log, WARN and DEBUG included (sql/window-figures.ts).
    t.same(day.successRate, { value: 80, previous: 100, trendPercent: -20 }, '4 of 5 against 2 of 2');
    t.equal(day.avgResponseSeconds.value, 0.3, '(100 + 300 + 200 + 600) / 4 ms');
    t.equal(day.avgResponseSeconds.previous, 0.4);
    t.equal(day.avgResponseSeconds.trendPercent!.toFixed(6), '-25.000000');
    t.same(day.activeUsers, { value: 4, previous: 2, trendPercent: 100 }, 'users 1, 2, 3 and 7 against users 1 and 4');
    t.equal(day.requestVolume.length, 24);
    t.equal(day.requestVolume[0]!.at, '2026-11-20T10:30:00.000Z');
    t.equal(day.requestVolume[23]!.at, '2026-11-21T09:30:00.000Z');
    const byHour = Object.fromEntries(day.requestVolume.filter((point) => point.requests > 0).map((point) => [point.at, point.requests]));
    t.same(byHour, { '2026-11-20T11:30:00.000Z': 2, '2026-11-21T08:30:00.000Z': 1, '2026-11-21T09:30:00.000Z': 2 });
    t.same(day.requestVolume.find((point) => point.at === '2026-11-21T09:30:00.000Z'), {
      at: '2026-11-21T09:30:00.000Z',
      requests: 2,
      successRate: 50,
      avgResponseSeconds: 0.45,
    });
    t.same(day.botUsers, { total: 3, newInWindow: 1 });
    t.same(day.broadcasts, { sentInWindow: 2, deliveredInWindow: 80 }, 'Recent and Cancelled; not Failed nor Cancelled early, which delivered none');
  });

  t.test('7d: today and the six days before, day by day', async (t) => {
    const week = await stats(testApp, token, '7d');
    t.equal(week.from, '2026-11-15T00:00:00.000Z');
    t.equal(week.to, '2026-11-21T10:30:00.000Z', 'today so far');
    t.same(week.totalRequests, { value: 7, previous: 1, trendPercent: 600 });
    t.equal(week.successRate.value!.toFixed(6), ((6 / 7) * 100).toFixed(6), 'one ERROR in 7');
    t.equal(week.successRate.trendPercent!.toFixed(6), ((6 / 7 - 1) * 100).toFixed(6));
    t.equal(week.avgResponseSeconds.value, 0.32, '(100 + 300 + 200 + 400 + 600) / 5 ms');
    t.equal(week.avgResponseSeconds.trendPercent!.toFixed(6), '-68.000000');
    t.same(week.activeUsers, { value: 5, previous: 1, trendPercent: 400 });
    t.same(
      week.requestVolume.map((point) => [point.at.slice(0, 10), point.requests]),
      [['2026-11-15', 0], ['2026-11-16', 0], ['2026-11-17', 0], ['2026-11-18', 0], ['2026-11-19', 1], ['2026-11-20', 3], ['2026-11-21', 3]],
    );
    t.same(week.botUsers, { total: 3, newInWindow: 2 });
    t.same(week.broadcasts, { sentInWindow: 2, deliveredInWindow: 80 });
  });

  t.test('30d: thirty days against the thirty before', async (t) => {
    const month = await stats(testApp, token, '30d');
    t.equal(month.from, '2026-10-23T00:00:00.000Z');
    t.equal(month.requestVolume.length, 30);
    t.same(month.totalRequests, { value: 8, previous: 1, trendPercent: 700 });
    t.same(month.successRate, { value: 87.5, previous: 0, trendPercent: null }, 'no change in percent from 0: the one earlier log is an ERROR');
    t.equal(month.avgResponseSeconds.value!.toFixed(6), (2600 / 6 / 1000).toFixed(6));
    t.equal(month.avgResponseSeconds.trendPercent!.toFixed(6), ((2600 / 6 / 500 - 1) * 100).toFixed(6));
    t.same(month.activeUsers, { value: 6, previous: 1, trendPercent: 500 });
    t.same(month.broadcasts, { sentInWindow: 4, deliveredInWindow: 117 });
  });

  t.test('contacts and Top Locations: active contacts by city, five of them', async (t) => {
    const week = await stats(testApp, token, '7d');
    t.same(week.contacts, { active: 13, total: 16 });
    t.same(week.topLocations, [
      { city: 'London', country: 'GB', contacts: 4 },
      { city: 'Paris', country: 'FR', contacts: 3 },
      { city: 'Berlin', country: 'DE', contacts: 2 },
      { city: 'Oslo', country: 'NO', contacts: 2 },
      { city: 'Madrid', country: 'ES', contacts: 1 },
    ]);
  });

  t.test('the CSV: spec §9 columns, one row per chart point, editors and up', async (t) => {
    const { token: editorToken } = await testApp.userWithToken('editor');
    const response = await testApp.call(editorToken, { method: 'GET', url: '/api/bot-stats/export?period=7d' });
    t.equal(response.statusCode, 200);
    t.match(response.headers['content-type'], /^text\/csv/);
    t.equal(response.headers['content-disposition'], 'attachment; filename="dashboard-analytics-2026-11-21.csv"');
    const rows = parse(response.body) as string[][];
    t.same(rows[0], [...DASHBOARD_CSV_HEADERS]);
    t.same(rows[0], ['Date', 'Total Requests', 'Success Rate', 'Response Time']);
    t.equal(rows.length, 8);
    t.same(rows[1], ['2026-11-15', '0', '', '']);
    t.same(rows[7], ['2026-11-21', '3', '66.7', '0.33'], '09:15 INFO 100 ms, 09:45 ERROR 300 ms, 10:05 INFO 600 ms');

    const hourly = parse((await testApp.call(editorToken, { method: 'GET', url: '/api/bot-stats/export?period=24h' })).body) as string[][];
    t.equal(hourly.length, 25);
    t.same(hourly[24], ['2026-11-21 09:30', '2', '50.0', '0.45']);

    const viewers = await testApp.call(token, { method: 'GET', url: '/api/bot-stats/export?period=7d' });
    t.equal(viewers.statusCode, 200, 'a viewer may export the figures: they name no one');
  });

  t.test('a period outside 24h, 7d and 30d is a 400 naming the field', async (t) => {
    const response = await testApp.call(token, { method: 'GET', url: '/api/bot-stats?period=1y' });
    t.equal(response.statusCode, 400);
    t.match(response.body, /period/);
    const withoutPeriod = await testApp.call(token, { method: 'GET', url: '/api/bot-stats' });
    t.equal((withoutPeriod.json() as DashboardStats).period, '7d', 'the default window');
  });
});

t.test('trends without earlier data are null, not a made-up percentage', async (t) => {
  const testApp = await createTestApp(t);
  testApp.clock.set(NOW);
  await insertLogs(testApp.db.sql, [aBotLog({ createdAt: new Date('2026-11-21T09:00:00Z'), level: 'INFO', userId: 1, durationMs: 250 })]);
  const { token } = await testApp.userWithToken('viewer');
  for (const period of ['24h', '7d', '30d']) {
    const figures = await stats(testApp, token, period);
    t.same(figures.totalRequests, { value: 1, previous: null, trendPercent: null }, `${period}: requests`);
    t.same(figures.successRate, { value: 100, previous: null, trendPercent: null }, `${period}: success rate`);
    t.same(figures.activeUsers, { value: 1, previous: null, trendPercent: null }, `${period}: active users`);
    t.same(figures.avgResponseSeconds, { value: 0.25, previous: null, trendPercent: null }, `${period}: response time`);
  }
});

t.test('the figures are kept 30 seconds, shared by every viewer, then read again', async (t) => {
  const testApp = await createTestApp(t);
  testApp.clock.set(NOW);
  const { token } = await testApp.userWithToken('viewer');
  await insertLogs(testApp.db.sql, [aBotLog({ createdAt: new Date('2026-11-21T09:00:00Z'), level: 'INFO', userId: 1, durationMs: 250 })]);
  t.equal((await stats(testApp, token, '7d')).totalRequests.value, 1);
  await insertLogs(testApp.db.sql, [aBotLog({ createdAt: new Date('2026-11-21T09:05:00Z'), level: 'INFO', userId: 2, durationMs: 250 })]);
  testApp.clock.advance(29_000);
  t.equal((await stats(testApp, token, '7d')).totalRequests.value, 1, 'within 30 seconds: the kept figures');
  testApp.clock.advance(1_000);
  await stats(testApp, token, '7d');
  t.equal((await stats(testApp, token, '7d')).totalRequests.value, 2, 'then read again');
});

t.test('the figures say when they were computed, and Refresh (Cache-Control: no-cache) gets new ones', async (t) => {
  const testApp = await createTestApp(t);
  testApp.clock.set(NOW);
  const { token } = await testApp.userWithToken('viewer');
  const first = await stats(testApp, token, '7d');
  t.equal(first.asOf, NOW.toISOString());
  await insertLogs(testApp.db.sql, [aBotLog({ createdAt: new Date('2026-11-21T09:05:00Z'), level: 'INFO', userId: 2, durationMs: 250 })]);
  testApp.clock.advance(10_000);
  const kept = await stats(testApp, token, '7d');
  t.equal(kept.totalRequests.value, 0, 'a plain request within 30 seconds: the kept figures');
  t.equal(kept.asOf, NOW.toISOString(), 'which say how old they are');
  const response = await testApp.call(token, { method: 'GET', url: '/api/bot-stats?period=7d', headers: { 'cache-control': 'no-cache' } });
  const fresh = response.json() as DashboardStats;
  t.equal(fresh.totalRequests.value, 1, 'Refresh: computed now');
  t.equal(fresh.asOf, '2026-11-21T10:30:10.000Z');
  t.equal((await stats(testApp, token, '7d')).totalRequests.value, 1, 'and kept for the others');
});
