import t, { type Test } from 'tap';
import { figureWindow, windowSentence, type FigureWindowKey } from '../../api/contract/figure-windows.js';
import type { AnalyticsOverview, ContactAnalytics } from '../../api/contract/analytics.js';
import type { DashboardStats } from '../../api/contract/dashboard.js';
import type { LogLevel } from '../../sql/bot-logs.js';
import { rollUpLogs } from '../../sql/log-rollups.js';
import { createTestApp } from '../helpers/app.js';
import { aBotLog, insertLogs } from '../helpers/bot-logs.js';
import { seededRandom } from '../helpers/contacts.js';

// The Dashboard and the analytics screens count the same window the same way, in the
// configured time zone, exactly: every figure below is compared with the raw bot_logs rows counted by SQL.
const NOW = new Date('2026-11-21T10:30:00Z');
const HOUR = 60 * 60 * 1000;
const SECOND = 1000;

const testApp = await createTestApp(t);
testApp.clock.set(NOW);
const { sql } = testApp.db;
const viewer = await testApp.userWithToken('viewer');

/** Logs around every boundary of the windows in UTC and in Kyiv, plus a spread of others. */
function boundaryInstants(): Date[] {
  const instants: Date[] = [];
  for (const timeZone of ['UTC', 'Europe/Kyiv']) {
    for (const key of ['24h', '7d', '30d'] as const) {
      const window = figureWindow(key, NOW, timeZone);
      for (const edge of [window.start, window.previousStart, ...window.bucketStarts.slice(1, 3)]) {
        instants.push(new Date(edge.getTime() - SECOND), edge, new Date(edge.getTime() + SECOND));
      }
    }
  }
  // Just before now, and a minute after it (the injected clock has not reached it: no window holds it).
  instants.push(new Date(NOW.getTime() - SECOND), new Date(NOW.getTime() + 60 * SECOND));
  const random = seededRandom(21);
  for (let n = 0; n < 300; n++) instants.push(new Date(NOW.getTime() - Math.floor(random() * 70 * 24) * HOUR - Math.floor(random() * HOUR)));
  return instants;
}

const LEVELS: LogLevel[] = ['INFO', 'INFO', 'INFO', 'WARN', 'ERROR', 'DEBUG'];
const random = seededRandom(7);
const rows = boundaryInstants().map((createdAt, index) =>
  aBotLog({
    createdAt,
    level: LEVELS[index % LEVELS.length]!,
    userId: index % 9 === 0 ? null : 100 + Math.floor(random() * 40),
    durationMs: index % 5 === 0 ? null : Math.floor(random() * 1500),
  }),
);
// Most rows are rolled up; the last ones stay above the watermark, as the newest logs do.
await insertLogs(sql, rows.slice(0, -40));
await rollUpLogs(sql);
await insertLogs(sql, rows.slice(-40));

t.test('the windows, their sentences and their boundaries', async (t) => {
  const kyiv = figureWindow('7d', NOW, 'Europe/Kyiv');
  t.equal(kyiv.start.toISOString(), '2026-11-14T22:00:00.000Z', 'midnight of the 15th in Kyiv (UTC+2)');
  t.equal(kyiv.previousStart.toISOString(), '2026-11-07T22:00:00.000Z');
  t.equal(kyiv.bucketStarts.length, 7);
  t.equal(windowSentence(kyiv), 'Today and the 6 days before, from 00:00 on 15 Nov (Europe/Kyiv) to now');
  const day = figureWindow('24h', NOW, 'Europe/Kyiv');
  t.equal(day.start.toISOString(), '2026-11-20T10:30:00.000Z');
  t.equal(day.bucketStarts.length, 24, 'hour by hour');
  t.equal(windowSentence(day), 'The last 24 hours, to 12:30 (Europe/Kyiv)');
  t.equal(figureWindow('1y', NOW, 'UTC').start.toISOString(), '2025-11-22T00:00:00.000Z', 'today and the 364 days before');
  // Daylight saving: the day windows still start at local midnight.
  t.equal(figureWindow('7d', new Date('2026-03-31T12:00:00Z'), 'Europe/Kyiv').start.toISOString(), '2026-03-24T22:00:00.000Z');
});

interface RawFigures {
  requests: number;
  notError: number;
  users: number;
  meanMs: number | null;
}

async function raw(start: Date, end: Date): Promise<RawFigures> {
  const [row] = await sql<RawFigures[]>`
    SELECT count(*)::int AS requests,
      count(*) FILTER (WHERE level <> 'ERROR')::int AS not_error, count(DISTINCT user_id)::int AS users, avg(duration_ms)::float8 AS mean_ms
    FROM bot_logs WHERE created_at >= ${start} AND created_at < ${end}`;
  return row!;
}

async function get<T>(url: string): Promise<T> {
  const response = await testApp.call(viewer.token, { method: 'GET', url });
  if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

const close = (t: Test, actual: number | null, expected: number | null, message: string) =>
  t.equal(actual === null ? null : actual.toFixed(6), expected === null ? null : expected.toFixed(6), message);

for (const timeZone of ['UTC', 'Europe/Kyiv']) {
  t.test(`in ${timeZone}: Dashboard and Analytics agree with the rows, window by window`, async (t) => {
    await sql`UPDATE system_settings SET time_zone = ${timeZone} WHERE id`;
    for (const key of ['24h', '7d', '30d', '1y'] as const satisfies readonly FigureWindowKey[]) {
      const window = figureWindow(key, NOW, timeZone);
      const current = await raw(window.start, NOW);
      const previous = await raw(window.previousStart, window.start);
      const overview = await get<AnalyticsOverview>(`/api/analytics/overview?period=${key}`);
      t.equal(overview.from, window.start.toISOString(), `${key}: analytics window start`);
      t.equal(overview.timeZone, timeZone);
      t.equal(overview.kpis.totalRequests.value, current.requests, `${key}: analytics requests`);
      t.equal(overview.kpis.uniqueUsers.value, current.users, `${key}: analytics unique users`);
      close(t, overview.kpis.successRate.value, (current.notError / current.requests) * 100, `${key}: analytics success rate (not ERROR)`);
      close(t, overview.kpis.avgResponseTimeMs.value, current.meanMs, `${key}: analytics mean response time`);
      t.equal(overview.kpis.totalRequests.previous, previous.requests || null, `${key}: analytics previous requests`);
      t.equal(overview.kpis.uniqueUsers.previous, previous.requests ? previous.users : null, `${key}: analytics previous users`);
      t.equal(overview.series.length, window.bucketStarts.length, `${key}: one point per ${window.bucket}`);
      t.equal(overview.series.reduce((sum, point) => sum + point.requests, 0), current.requests, `${key}: the series adds up`);
      for (const [index, point] of overview.series.entries()) {
        const end = overview.series[index + 1] ? new Date(overview.series[index + 1]!.at) : NOW;
        const counted = await raw(new Date(point.at), end);
        if (counted.requests !== point.requests) t.fail(`${key}: the point at ${point.at} counts ${point.requests}, the rows ${counted.requests}`);
        if (!overview.usersByUtcDay && counted.users !== point.uniqueUsers) t.fail(`${key}: users at ${point.at}: ${point.uniqueUsers}, the rows ${counted.users}`);
      }
      t.equal(overview.usersByUtcDay, timeZone !== 'UTC' && key !== '24h', `${key}: says when a day's users are a UTC day's`);
      t.equal(overview.hourly.reduce((sum, hour) => sum + hour.requests, 0), current.requests, `${key}: the hours of the day add up`);

      if (key === '1y') continue;
      const dashboard = await get<DashboardStats>(`/api/bot-stats?period=${key}`);
      t.equal(dashboard.from, overview.from, `${key}: the Dashboard's window is the Analytics one`);
      t.equal(dashboard.totalRequests.value, overview.kpis.totalRequests.value, `${key}: Dashboard requests = Analytics requests`);
      t.equal(dashboard.activeUsers.value, overview.kpis.uniqueUsers.value, `${key}: Active Now = Unique Users`);
      t.equal(dashboard.activeUsers.previous, previous.requests ? previous.users : null, `${key}: Active Now has a real trend`);
      t.equal(dashboard.successRate.value, overview.kpis.successRate.value, `${key}: Dashboard Success Rate = Analytics Success Rate (not ERROR)`);
      t.same(
        dashboard.requestVolume.map((point) => point.requests),
        overview.series.map((point) => point.requests),
        `${key}: the Dashboard's chart is the Analytics one`,
      );
    }
  });
}

t.test('percentiles are exact where the rows are kept, and marked estimated beyond', async (t) => {
  await sql`UPDATE system_settings SET time_zone = 'UTC' WHERE id`;
  const analytics = await get<ContactAnalytics>('/api/contact-analytics?period=7d');
  const windows: Record<string, FigureWindowKey> = { 'Last 24h': '24h', 'Last 7 days': '7d', 'Last 30 days': '30d', 'Last year': '1y' };
  for (const entry of analytics.responseTimeMetrics) {
    const window = figureWindow(windows[entry.timeRange]!, NOW, 'UTC');
    const [exact] = await sql<{ median: number | null; p95: number | null }[]>`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms) AS median, percentile_cont(0.95) WITHIN GROUP (ORDER BY duration_ms) AS p95
      FROM bot_logs WHERE created_at >= ${window.start} AND created_at < ${NOW} AND duration_ms IS NOT NULL`;
    if (entry.timeRange === 'Last year') {
      t.equal(entry.estimated, true, 'a year reaches beyond the 90 days of logs kept: estimated, shown with "≈"');
      continue;
    }
    t.equal(entry.estimated, false, `${entry.timeRange}: exact`);
    close(t, entry.medianTime, exact!.median, `${entry.timeRange}: median = percentile_cont`);
    close(t, entry.p95Time, exact!.p95, `${entry.timeRange}: p95 = percentile_cont`);
  }

  // Sorting a year of rows takes over a second at the benchmark's size: longer than a month stays estimated.
  await sql`UPDATE system_settings SET log_retention_days = 400 WHERE id`;
  const keptLonger = await get<ContactAnalytics>('/api/contact-analytics?period=24h');
  t.strictSame(
    keptLonger.responseTimeMetrics.map((entry) => [entry.timeRange, entry.estimated]),
    [['Last 24h', false], ['Last 7 days', false], ['Last 30 days', false], ['Last year', true]],
    'a year is estimated even while retention keeps it',
  );
});
