import t from 'tap';
import type { Broadcaster } from '../../api/ports.js';
import type { DashboardStats } from '../../api/contract/dashboard.js';
import type { AnalyticsOverview, PerformanceMetrics } from '../../api/contract/analytics.js';
import type { TelegramUsersPage } from '../../api/contract/bot-users.js';
import { rollUpLogs } from '../../sql/log-rollups.js';
import type { LogLevel } from '../../sql/bot-logs.js';
import { createTestApp } from '../helpers/app.js';
import { aBotLog, insertLogs } from '../helpers/bot-logs.js';
import { someBotUsers } from '../helpers/broadcasts.js';

// A figure two screens show under one name is one figure (docs/specification.md §9, "one name, one figure").
const broadcaster: Broadcaster = { wake: () => undefined, cancelled: () => undefined, sendTest: async () => ({ ok: true, messageId: 1 }) };
const testApp = await createTestApp(t, { broadcaster });
testApp.clock.set(new Date('2026-11-21T10:30:00Z'));
const { sql } = testApp.db;
const viewer = await testApp.userWithToken('viewer');

/** Twelve regions, R01 with 12 requests down to R12 with 1; R01 has two ERRORs, R02 a WARN, R03 a DEBUG. */
const REGIONS = Array.from({ length: 12 }, (_, index) => `R${String(index + 1).padStart(2, '0')}`);
function regionLevel(regionIndex: number, row: number): LogLevel {
  if (regionIndex === 0 && row < 2) return 'ERROR';
  if (regionIndex === 1 && row === 0) return 'WARN';
  if (regionIndex === 2 && row === 0) return 'DEBUG';
  return 'INFO';
}
const inWeek = REGIONS.flatMap((region, index) =>
  Array.from({ length: 12 - index }, (_, row) =>
    aBotLog({ createdAt: new Date(Date.UTC(2026, 10, 18, 12, index, row)), level: regionLevel(index, row), userId: 100 + index, country: 'Testland', region }),
  ),
);
// The 7 days before: 3 of 4 without an error, users 100 and 101.
const weekBefore = (['INFO', 'ERROR', 'INFO', 'INFO'] as const).map((level, index) =>
  aBotLog({ createdAt: new Date(Date.UTC(2026, 10, 10, 12, index)), level, userId: 100 + (index % 2) }),
);
await insertLogs(sql, [...inWeek, ...weekBefore]);
await rollUpLogs(sql);
// Today, not rolled up yet: two ERRORs of user 200 and a WARN of no user.
await insertLogs(sql, [
  aBotLog({ createdAt: new Date('2026-11-21T09:00:00Z'), level: 'ERROR', userId: 200 }),
  aBotLog({ createdAt: new Date('2026-11-21T09:10:00Z'), level: 'ERROR', userId: 200 }),
  aBotLog({ createdAt: new Date('2026-11-21T09:20:00Z'), level: 'WARN', userId: null }),
]);

async function get<T>(url: string): Promise<T> {
  const response = await testApp.call(viewer.token, { method: 'GET', url });
  if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
  return response.json() as T;
}

t.test('Success Rate: requests without an ERROR log, the same on the Dashboard and Analytics', async (t) => {
  const dashboard = await get<DashboardStats>('/api/bot-stats?period=7d');
  const analytics = await get<AnalyticsOverview>('/api/analytics/overview?period=7d');
  t.same([analytics.from, analytics.to], [dashboard.from, dashboard.to], 'one window');
  // 81 requests, 4 ERRORs: WARN and DEBUG were answered (the share of INFO rows would be 74 of 81).
  t.equal(dashboard.totalRequests.value, 81);
  t.equal(dashboard.successRate.value, (77 / 81) * 100);
  t.equal(dashboard.successRate.previous, 75);
  t.equal(analytics.kpis.successRate.value, dashboard.successRate.value, 'the Analytics card shows the same figure');
  t.equal(analytics.kpis.successRate.previous, dashboard.successRate.previous);
  t.equal(analytics.successRate, dashboard.successRate.value, 'and so does its Performance tab');
  t.same(
    analytics.regions.slice(0, 3).map((region) => [region.region, region.successRate]),
    [['R01', (10 / 12) * 100], ['R02', 100], ['R03', 100]],
    'each region by the same definition',
  );
  for (const period of ['24h', '30d'] as const) {
    const [day, overview] = await Promise.all([get<DashboardStats>(`/api/bot-stats?period=${period}`), get<AnalyticsOverview>(`/api/analytics/overview?period=${period}`)]);
    t.equal(overview.kpis.successRate.value, day.successRate.value, `${period}: the same`);
  }
  t.equal((await get<DashboardStats>('/api/bot-stats?period=24h')).successRate.value, (1 / 3) * 100, "24h: today's WARN of three");
});

t.test("Active Now and Unique Users: one count, the distinct users who asked in the window", async (t) => {
  const dashboard = await get<DashboardStats>('/api/bot-stats?period=7d');
  const analytics = await get<AnalyticsOverview>('/api/analytics/overview?period=7d');
  t.same(dashboard.activeUsers, { value: 13, previous: 2, trendPercent: 550 }, 'users 100 to 111 and 200; 100 and 101 before');
  t.equal(analytics.kpis.uniqueUsers.value, 13);
  t.equal(analytics.kpis.uniqueUsers.previous, 2);
});

t.test('Active Users and reachable: not blocked by them, and not blocked by staff either; a broadcast to all reaches the reachable', async (t) => {
  const ids = await someBotUsers(sql, 5, 700);
  await sql`UPDATE telegram_users SET is_blocked = true WHERE telegram_id = ${ids[3]!}`;
  await sql`UPDATE telegram_users SET is_active = false WHERE telegram_id = ${ids[4]!}`;
  const { summary } = await get<TelegramUsersPage>('/api/telegram-users');
  t.match(summary, { totalUsers: 5, activeUsers: 4, inactiveUsers: 1, reachableUsers: 3 });
  const admin = await testApp.userWithToken('admin');
  const sent = await testApp.call(admin.token, { method: 'POST', url: '/api/broadcast-send', payload: { title: 'All', content: 'Hi', targetType: 'all' } });
  t.equal(sent.statusCode, 202);
  t.equal(sent.json().totalRecipients, summary.reachableUsers, 'as many as the reachable count says');
});

t.test('the Regions tab: the 10 regions with the most requests, each once', async (t) => {
  const analytics = await get<AnalyticsOverview>('/api/analytics/overview?period=7d');
  t.same(
    analytics.regions.map((region) => [region.region, region.requests]),
    REGIONS.slice(0, 10).map((region, index) => [region, 12 - index]),
  );
});

t.test('Performance by Region: one metric of each type per region', async (t) => {
  const { items } = await get<PerformanceMetrics>('/api/performance-metrics?period=7d');
  for (const type of ['response_time', 'success_rate'] as const) {
    t.same(
      items.filter((item) => item.metricType === type).map((item) => item.region),
      REGIONS,
      `${type}: every region once, most requests first`,
    );
  }
});
