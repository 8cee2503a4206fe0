import t from 'tap';
import { overviewAnswer, refreshLongWindowAnswers } from '../../api/analytics/answers.js';
import { createFigureCache } from '../../api/analytics/figure-cache.js';
import { successBadge, trendPercent } from '../../api/contract/analytics.js';
import { insertBotLogs, type LogLevel, type NewBotLog } from '../../sql/bot-logs.js';
import { rollUpLogs } from '../../sql/log-rollups.js';
import { countContactRequests, responseTimeMinutes } from '../../sql/contact-analytics.js';
import { createTestApp } from '../helpers/app.js';
import { createTestClock } from '../helpers/clock.js';

// The clock stands at 2026-11-21T10:00Z, so the windows are (previous window in brackets):
// 24h 11-21 [11-20], 7d 11-15..11-21 [11-08..11-14], 30d 10-23..11-21 [09-23..10-22],
// 1y 2025-11-22..2026-11-21 [2024-11-22..2025-11-21].
const testApp = await createTestApp(t);
const { sql } = testApp.db;
const viewer = await testApp.userWithToken('viewer');
const editor = await testApp.userWithToken('editor');

const LONDON = { country: 'United Kingdom', region: 'England', city: 'London' };
const PARIS = { country: 'France', region: 'Île-de-France', city: 'Paris' };
const ROME = { country: 'Italy', region: 'Lazio', city: 'Rome' };
const NO_PLACE = { country: null, region: null, city: null };
/** Unknown to telegram_users, so its label is "User" and the last 8 digits; 102 is named. */
const LONG_ID_USER = 123_456_789_012;

function log(at: string, level: LogLevel, userId: number | null, durationMs: number | null, place: typeof LONDON | typeof NO_PLACE): NewBotLog {
  return {
    createdAt: new Date(at),
    level,
    message: `location ${place.city ?? 'nowhere'}`,
    command: 'location',
    userId,
    chatId: userId,
    durationMs,
    errorMessage: null,
    metadata: {},
    latitude: null,
    longitude: null,
    resultCount: null,
    language: null,
    ...place,
  };
}

const EARLIER = [
  log('2025-06-01T05:00:00Z', 'INFO', 107, 80, LONDON), // 1y's previous window
  log('2026-06-15T22:00:00Z', 'ERROR', 106, null, ROME), // 1y only
  log('2026-11-01T03:00:00Z', 'INFO', 105, 50, ROME), // 30d and 1y
  log('2026-11-10T12:00:00Z', 'INFO', 104, 1000, LONDON), // 7d's previous window
  log('2026-11-18T14:00:00Z', 'INFO', 103, 400, PARIS),
  log('2026-11-18T14:20:00Z', 'ERROR', 103, 600, PARIS),
  log('2026-11-18T14:40:00Z', 'INFO', 103, 500, PARIS),
];
// Today's rows stay above the roll-up watermark: the readers add them themselves.
const TODAY = [
  log('2026-11-21T08:10:00Z', 'INFO', LONG_ID_USER, 100, LONDON),
  log('2026-11-21T08:40:00Z', 'ERROR', 102, 300, LONDON),
  log('2026-11-21T09:05:00Z', 'INFO', LONG_ID_USER, 200, PARIS),
  log('2026-11-21T09:30:00Z', 'WARN', null, null, NO_PLACE),
];
await sql`INSERT INTO telegram_users (telegram_id, first_name, last_name) VALUES (102, 'Amara', 'Okafor')`;
await insertBotLogs(sql, EARLIER);
await rollUpLogs(sql);
await insertBotLogs(sql, TODAY);

async function overview(period: string) {
  const response = await testApp.call(viewer.token, { method: 'GET', url: `/api/analytics/overview?period=${period}` });
  t.equal(response.statusCode, 200, `overview ${period}`);
  return response.json();
}

const kpi = (value: number | null, previous: number | null, trend: number | null) => ({ value, previous, trend });
const hours = (counts: Record<number, number>) =>
  Array.from({ length: 24 }, (_, hour) => ({ hour: String(hour).padStart(2, '0'), requests: counts[hour] ?? 0 }));
const place = (where: typeof LONDON, requests: number) => ({ ...where, requests });
const user = (userId: number, label: string, requests: number, lastActiveAt: string) => ({ userId, label, requests, lastActiveAt });

const EXPECTED = {
  '24h': {
    // 4 logs, 1 ERROR; durations 100, 300, 200; users LONG_ID_USER and 102. Nothing the day before.
    kpis: { totalRequests: kpi(4, null, null), uniqueUsers: kpi(2, null, null), avgResponseTimeMs: kpi(200, null, null), successRate: kpi(75, null, null) },
    errorRate: 25,
    hourly: hours({ 8: 2, 9: 2 }),
    // Two hours tie: the earlier one is the peak.
    peakHour: { hour: 8, slot: '08:00-09:00', requests: 2 },
    topLocations: [place(LONDON, 2), place(PARIS, 1)],
    topUsers: [user(LONG_ID_USER, 'User 56789012', 2, '2026-11-21T09:05:00.000Z'), user(102, 'Amara Okafor', 1, '2026-11-21T08:40:00.000Z')],
  },
  '7d': {
    // 7 logs, 2 ERROR; durations 100 300 200 400 600 500 (mean 350); 3 users. Before: 1 INFO log of 1000 ms by 1 user.
    kpis: {
      totalRequests: kpi(7, 1, 600),
      uniqueUsers: kpi(3, 1, 200),
      avgResponseTimeMs: kpi(350, 1000, -65),
      successRate: kpi((5 / 7) * 100, 100, (5 / 7) * 100 - 100),
    },
    errorRate: 100 - (5 / 7) * 100,
    hourly: hours({ 8: 2, 9: 2, 14: 3 }),
    peakHour: { hour: 14, slot: '14:00-15:00', requests: 3 },
    topLocations: [place(PARIS, 4), place(LONDON, 2)],
    topUsers: [
      user(103, 'User 103', 3, '2026-11-18T14:40:00.000Z'),
      user(LONG_ID_USER, 'User 56789012', 2, '2026-11-21T09:05:00.000Z'),
      user(102, 'Amara Okafor', 1, '2026-11-21T08:40:00.000Z'),
    ],
  },
  '30d': {
    // 9 logs, 2 ERROR; 8 durations summing to 3150; 5 users. Nothing before.
    kpis: { totalRequests: kpi(9, null, null), uniqueUsers: kpi(5, null, null), avgResponseTimeMs: kpi(393.75, null, null), successRate: kpi((7 / 9) * 100, null, null) },
    errorRate: 100 - (7 / 9) * 100,
    hourly: hours({ 3: 1, 8: 2, 9: 2, 12: 1, 14: 3 }),
    peakHour: { hour: 14, slot: '14:00-15:00', requests: 3 },
    topLocations: [place(PARIS, 4), place(LONDON, 3), place(ROME, 1)],
    topUsers: [
      user(103, 'User 103', 3, '2026-11-18T14:40:00.000Z'),
      user(LONG_ID_USER, 'User 56789012', 2, '2026-11-21T09:05:00.000Z'),
      user(102, 'Amara Okafor', 1, '2026-11-21T08:40:00.000Z'),
      user(104, 'User 104', 1, '2026-11-10T12:00:00.000Z'),
      user(105, 'User 105', 1, '2026-11-01T03:00:00.000Z'),
    ],
  },
  '1y': {
    // 10 logs, 3 ERROR; the same 8 durations; 6 users. Before: 1 INFO log of 80 ms by 1 user.
    kpis: {
      totalRequests: kpi(10, 1, 900),
      uniqueUsers: kpi(6, 1, 500),
      avgResponseTimeMs: kpi(393.75, 80, ((393.75 - 80) / 80) * 100),
      successRate: kpi(70, 100, -30),
    },
    errorRate: 30,
    hourly: hours({ 3: 1, 8: 2, 9: 2, 12: 1, 14: 3, 22: 1 }),
    peakHour: { hour: 14, slot: '14:00-15:00', requests: 3 },
    topLocations: [place(PARIS, 4), place(LONDON, 3), place(ROME, 2)],
    topUsers: [
      user(103, 'User 103', 3, '2026-11-18T14:40:00.000Z'),
      user(LONG_ID_USER, 'User 56789012', 2, '2026-11-21T09:05:00.000Z'),
      user(102, 'Amara Okafor', 1, '2026-11-21T08:40:00.000Z'),
      user(104, 'User 104', 1, '2026-11-10T12:00:00.000Z'),
      user(105, 'User 105', 1, '2026-11-01T03:00:00.000Z'),
      user(106, 'User 106', 1, '2026-06-15T22:00:00.000Z'),
    ],
  },
} as const;

/** Rates and means compared to 9 places: the server does not round, the screen does. */
function roughly(value: unknown): unknown {
  if (typeof value === 'number') return Math.round(value * 1e9) / 1e9;
  if (Array.isArray(value)) return value.map(roughly);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, roughly(inner)]));
  return value;
}

for (const [period, expected] of Object.entries(EXPECTED)) {
  t.test(`the overview over ${period} follows spec §9`, async (t) => {
    const body = await overview(period);
    t.same(roughly(body.kpis), roughly(expected.kpis), 'KPI cards with their previous windows and trends');
    t.equal(roughly(body.errorRate), roughly(expected.errorRate), 'error rate is 100 minus the success rate');
    t.equal(roughly(body.successRate), roughly(expected.kpis.successRate.value), 'success rate: logs not ERROR');
    t.same(
      body.hourly.map(({ hour, requests }: { hour: string; requests: number }) => ({ hour, requests })),
      expected.hourly,
      'hourly buckets 00 to 23',
    );
    t.same(body.peakHour, expected.peakHour, 'the busiest hour');
    t.same(body.topLocations, expected.topLocations, 'top locations from the place columns');
    t.same(body.topUsers, expected.topUsers, 'top users, labelled by the last 8 characters of their id');
    t.equal(
      body.series.reduce((sum: number, point: { requests: number }) => sum + point.requests, 0),
      expected.kpis.totalRequests.value,
      'the chart series adds up to the total',
    );
  });
}

t.test('the hourly success rate and the regions', async (t) => {
  const body = await overview('24h');
  t.equal(body.hourly[8].successRate, 50, '08:00: one of two failed');
  t.equal(body.hourly[9].successRate, 100);
  t.equal(body.hourly[10].successRate, null, 'no logs, no rate');
  t.same(body.regions, [
    { country: 'United Kingdom', region: 'England', requests: 2, successRate: 50 },
    { country: 'France', region: 'Île-de-France', requests: 1, successRate: 100 },
  ]);
  // The last 24 hours hour by hour: 24 points, not the single dot of a day.
  t.equal(body.series.length, 24);
  t.equal(body.series[0].at, '2026-11-20T10:00:00.000Z');
  t.same(
    body.series.filter((point: { requests: number }) => point.requests > 0),
    [
      { at: '2026-11-21T08:00:00.000Z', requests: 2, uniqueUsers: 2, successRate: 50, avgResponseTimeMs: 200 },
      { at: '2026-11-21T09:00:00.000Z', requests: 2, uniqueUsers: 1, successRate: 100, avgResponseTimeMs: 200 },
    ],
  );
});

t.test('a window without logs shows no rates, no peak and no trend', async (t) => {
  testApp.clock.set(new Date('2030-01-10T10:00:00Z'));
  t.teardown(() => testApp.clock.set(new Date('2026-11-21T10:00:00Z')));
  // Signed in at the new time: a token from 2026 has expired by then.
  const later = await testApp.userWithToken('viewer');
  const body = (await testApp.call(later.token, { method: 'GET', url: '/api/analytics/overview?period=7d' })).json();
  t.same(body.kpis.totalRequests, { value: 0, previous: null, trend: null });
  t.same(body.kpis.successRate, { value: null, previous: null, trend: null });
  t.equal(body.peakHour, null);
  t.equal(body.errorRate, null);
  t.same(body.topLocations, []);
});

t.test('trendPercent and successBadge', async (t) => {
  t.equal(trendPercent(150, 100), 50);
  t.equal(trendPercent(50, 100), -50);
  t.equal(trendPercent(10, null), null, 'no earlier data');
  t.equal(trendPercent(10, 0), null, 'nothing to compare with');
  t.equal(successBadge(100), 'default');
  t.equal(successBadge(90.01), 'default');
  t.equal(successBadge(90), 'secondary', '90 is not above 90');
  t.equal(successBadge(70.01), 'secondary');
  t.equal(successBadge(70), 'destructive', '70 is not above 70');
  t.equal(successBadge(0), 'destructive');
});

t.test('the heatmap and the geographic analytics', async (t) => {
  const heatmap = (await testApp.call(viewer.token, { method: 'GET', url: '/api/geographic-heatmap?period=7d' })).json();
  t.same(
    heatmap.items.map(({ city, requestCount, successRate, badge }: Record<string, unknown>) => ({ city, requestCount, successRate, badge })),
    [
      { city: 'Paris', requestCount: 4, successRate: 75, badge: 'secondary' },
      { city: 'London', requestCount: 2, successRate: 50, badge: 'destructive' },
    ],
  );
  const today = (await testApp.call(viewer.token, { method: 'GET', url: '/api/geographic-heatmap?period=24h&country=France' })).json();
  t.same(today.items.map(({ city, badge }: Record<string, unknown>) => ({ city, badge })), [{ city: 'Paris', badge: 'default' }]);

  const geographic = (await testApp.call(viewer.token, { method: 'GET', url: '/api/geographic-analytics?period=30d' })).json();
  t.same(geographic.countries, ['France', 'Italy', 'United Kingdom']);
  // Regions: Île-de-France 75 %, England 66.7 %, Lazio 100 %: their mean.
  t.same(roughly(geographic.summary), roughly({ totalRequests: 8, successRate: (75 + 200 / 3 + 100) / 3, avgResponseTimeMs: 3150 / 8, activeRegions: 3 }));
  t.same(geographic.items[0], {
    id: 'France/Île-de-France/Paris',
    country: 'France',
    region: 'Île-de-France',
    city: 'Paris',
    requestCount: 4,
    successCount: 3,
    successRate: 75,
    avgResponseTimeMs: 425,
    uniqueUsers: 2,
    lastRequestAt: '2026-11-21T09:05:00.000Z',
  });
  const italy = (await testApp.call(viewer.token, { method: 'GET', url: '/api/geographic-analytics?period=1y&country=Italy' })).json();
  t.same(italy.items.map(({ city, requestCount, successRate }: Record<string, unknown>) => ({ city, requestCount, successRate })), [
    { city: 'Rome', requestCount: 2, successRate: 50 },
  ]);

  const metrics = (await testApp.call(viewer.token, { method: 'GET', url: '/api/performance-metrics?period=24h' })).json();
  t.same(
    metrics.items.map(({ region, metricType, value }: Record<string, unknown>) => ({ region, metricType, value })),
    [
      { region: 'England', metricType: 'response_time', value: 200 },
      { region: 'England', metricType: 'success_rate', value: 50 },
      { region: 'Île-de-France', metricType: 'response_time', value: 200 },
      { region: 'Île-de-France', metricType: 'success_rate', value: 100 },
    ],
  );
});

t.test('bad periods and filters answer 400 naming the field', async (t) => {
  for (const url of ['/api/analytics/overview?period=2d', '/api/geographic-analytics?period=week', '/api/contact-analytics?period=1m']) {
    const response = await testApp.call(viewer.token, { method: 'GET', url });
    t.equal(response.statusCode, 400, url);
    t.match(response.json(), { field: 'period', message: 'Period must be 24h, 7d, 30d or 1y.' });
  }
  const longCountry = await testApp.call(viewer.token, { method: 'GET', url: `/api/geographic-heatmap?country=${'x'.repeat(101)}` });
  t.equal(longCountry.statusCode, 400);
  t.match(longCountry.json(), { field: 'country', message: 'Country can be at most 100 characters. Shorten it.' });
});

t.test('contact analytics', async (t) => {
  const contact = async (name: string, fields: { region: string; hours: string; response: string; verified: boolean; active: boolean; specialty: string; rating: number }) => {
    const [row] = await sql<{ id: number }[]>`
      INSERT INTO medical_contacts (name, phone, specialty, city, region, country, latitude, longitude, available_hours, response_time, rating, verified, verified_at, is_active)
      VALUES (${name}, '+44 20 0000 0000', ${fields.specialty}, 'London', ${fields.region}, 'GB', 51.507, -0.128,
        ${fields.hours}, ${fields.response}, ${fields.rating}, ${fields.verified}, ${fields.verified ? testApp.clock.now() : null}, ${fields.active})
      RETURNING id::int`;
    return row!.id;
  };
  const first = await contact('=Dr One', { region: 'England', hours: '24/7', response: 'within 30 minutes', verified: true, active: true, specialty: 'Cardiology', rating: 4.5 });
  const second = await contact('Dr Two', { region: 'England', hours: 'Mon–Fri 09:00–17:00', response: 'within 2 hours', verified: false, active: true, specialty: 'Cardiology', rating: 3.5 });
  const third = await contact('Dr Three', { region: 'Scotland', hours: '24/7', response: 'same day', verified: true, active: false, specialty: 'Dentistry', rating: 5 });
  await countContactRequests(sql, [first, first, second], '2026-11-21');
  await countContactRequests(sql, [second, second, second, third], '2026-11-19');
  await countContactRequests(sql, [third], '2026-10-01');

  const all = (await testApp.call(viewer.token, { method: 'GET', url: '/api/contact-analytics?period=7d' })).json();
  t.match(all, { totalContacts: 3, activeContacts: 2, verifiedContacts: 2, emergencyContacts: 2, regions: ['England', 'Scotland'] });
  t.equal(all.avgResponseTime, 75, '30 and 120 minutes; "same day" names no duration');
  t.same(all.contactsBySpecialty, [
    { specialty: 'Cardiology', count: 2, avgRating: 4 },
    { specialty: 'Dentistry', count: 1, avgRating: 5 },
  ]);
  t.same(all.contactsByRegion, [
    { region: 'England', count: 2, successRate: 50 },
    { region: 'Scotland', count: 1, successRate: null },
  ]);
  t.same(all.topPerformingContacts, [
    { id: second, name: 'Dr Two', city: 'London', requests: 4, rating: 3.5 },
    { id: first, name: '=Dr One', city: 'London', requests: 2, rating: 4.5 },
    { id: third, name: 'Dr Three', city: 'London', requests: 1, rating: 5 },
  ]);
  t.same(all.geographicDistribution, [{ latitude: 51.5, longitude: -0.1, count: 3 }]);
  t.equal(all.usagePatterns.length, 24);
  t.same(all.usagePatterns[14], { hour: '14', requests: 3, successRate: (2 / 3) * 100 });
  t.same(
    all.responseTimeMetrics.map(({ timeRange, avgTime }: { timeRange: string; avgTime: number }) => ({ timeRange, avgTime })),
    [
      { timeRange: 'Last 24h', avgTime: 200 },
      { timeRange: 'Last 7 days', avgTime: 350 },
      { timeRange: 'Last 30 days', avgTime: 393.75 },
      { timeRange: 'Last year', avgTime: 393.75 },
    ],
  );
  t.equal(all.dailyRequests.length, 7);
  t.same(all.dailyRequests.at(-1), { day: '2026-11-21', requests: 3 });

  const scotland = (await testApp.call(viewer.token, { method: 'GET', url: '/api/contact-analytics?period=1y&region=Scotland' })).json();
  t.match(scotland, { totalContacts: 1, activeContacts: 0, emergencyContacts: 1, avgResponseTime: null });
  t.same(scotland.topPerformingContacts, [{ id: third, name: 'Dr Three', city: 'London', requests: 2, rating: 5 }], 'a day a month and a half ago counts in the year');

  t.test('its CSV: editors and up, as the specification says; names that look like formulas are neutralised', async (t) => {
    t.equal((await testApp.call(viewer.token, { method: 'GET', url: '/api/contact-analytics/export' })).statusCode, 403, 'a viewer may not export it');
    const response = await testApp.call(editor.token, { method: 'GET', url: '/api/contact-analytics/export?period=7d' });
    t.equal(response.statusCode, 200);
    t.equal(response.headers['content-disposition'], 'attachment; filename="contact-analytics-7d-2026-11-21.csv"');
    const lines = response.body.trim().split('\n');
    t.equal(lines[0], 'Section,Item,Metric,Value');
    t.ok(lines.includes('Summary,Total Contacts,count,3'));
    t.ok(lines.includes("Top Performing Contacts,'=Dr One (London),requests,2"));
  });
});

t.test('the analytics CSV: editors and up, the figures on screen', async (t) => {
  t.equal((await testApp.call(viewer.token, { method: 'GET', url: '/api/analytics/export?period=7d' })).statusCode, 403, 'viewers may not export');
  const response = await testApp.call(editor.token, { method: 'GET', url: '/api/analytics/export?period=7d' });
  t.equal(response.statusCode, 200);
  t.match(response.headers['content-type'], 'text/csv');
  t.equal(response.headers['content-disposition'], 'attachment; filename="analytics-7d-2026-11-21.csv"');
  const lines = response.body.trim().split('\n');
  t.equal(lines[0], 'Section,Item,Metric,Value');
  for (const line of ['Summary,Total Requests,value,7', 'Summary,Total Requests,previous,1', 'Hourly (UTC),14:00,requests,3', 'Top Locations,"Paris, Île-de-France, France",requests,4', 'Top Users,User 103,requests,3']) {
    t.ok(lines.includes(line), line);
  }
  // Rounded as on screen: 5 of 7 logs without an error is 71.428…%, the six durations average 350 ms.
  for (const line of ['Summary,Success Rate (%),value,71.4', 'Summary,Error Rate (%),value,28.6', 'Summary,Avg Response Time (ms),value,350', 'Summary,Peak Hour,hour,14:00-15:00', 'Summary,Peak Hour,requests,3']) {
    t.ok(lines.includes(line), line);
  }
  t.same(lines.filter((line) => /\d\.\d{2,}$/.test(line)), [], 'no figure carries more decimals than the screen shows');
  const [entry] = await sql<{ action: string }[]>`SELECT action FROM audit_log WHERE action = 'analytics.export'`;
  t.ok(entry, 'the export is audited');
});

t.test('location requests', async (t) => {
  const body = (await testApp.call(viewer.token, { method: 'GET', url: '/api/analytics/location-requests?period=30d' })).json();
  t.same(body, { period: '30d', items: [place(PARIS, 4), place(LONDON, 3), place(ROME, 1)] });
});

t.test('response time texts', async (t) => {
  t.equal(responseTimeMinutes('within 15 minutes'), 15);
  t.equal(responseTimeMinutes('within 1 hour'), 60);
  t.equal(responseTimeMinutes('Within 24 hours'), 1440);
  t.equal(responseTimeMinutes('same day'), null);
  t.equal(responseTimeMinutes(''), null);
});

t.test('the job renews the long windows ahead of their 15 minutes', async (t) => {
  const clock = createTestClock();
  const cache = createFigureCache(clock.now);
  await refreshLongWindowAnswers(sql, cache, clock.now(), 10 * 60_000);
  const context = () => ({ sql, cache, at: clock.now() });
  t.equal((await overviewAnswer(context(), '1y')).asOf, '2026-11-21T10:00:00.000Z', 'the screen gets the renewed answer');
  clock.advance(10 * 60_000);
  await refreshLongWindowAnswers(sql, cache, clock.now(), 10 * 60_000);
  const renewed = await overviewAnswer(context(), '1y');
  t.equal(renewed.asOf, '2026-11-21T10:10:00.000Z', 'renewed after 10 minutes');
  t.equal(renewed.kpis.totalRequests.value, 10);
  await refreshLongWindowAnswers(sql, cache, clock.now(), 10 * 60_000);
  t.equal((await overviewAnswer(context(), '1y')).asOf, '2026-11-21T10:10:00.000Z', 'a fresh answer is left as it is');
});

t.test('Contact Analytics: Refresh (Cache-Control: no-cache) gets figures computed now', async (t) => {
  const url = '/api/contact-analytics?period=24h';
  const before = (await testApp.call(viewer.token, { method: 'GET', url })).json();
  await insertBotLogs(sql, [log('2026-11-21T09:55:00Z', 'INFO', 998, 9000, LONDON)]);
  const kept = (await testApp.call(viewer.token, { method: 'GET', url })).json();
  t.same(kept.responseTimeMetrics, before.responseTimeMetrics, 'a plain request: the kept figures');
  const fresh = (await testApp.call(viewer.token, { method: 'GET', url, headers: { 'cache-control': 'no-cache' } })).json();
  t.not(fresh.responseTimeMetrics[0].avgTime, before.responseTimeMetrics[0].avgTime, 'Refresh: the new 9-second answer is counted');
  await sql`DELETE FROM bot_logs WHERE user_id = 998`;
});

t.test('Contact Analytics: the region filter lists regions as a person reads them, accents among their letters', async (t) => {
  await sql`
    INSERT INTO medical_contacts (name, phone, city, region, country)
    VALUES ('Dr Paris', '+33 1 00 00 00 00', 'Paris', 'Île-de-France', 'FR'), ('Dr Zurich', '+41 44 000 00 00', 'Zurich', 'Zurich', 'CH')`;
  const answer = (await testApp.call(viewer.token, { method: 'GET', url: '/api/contact-analytics?period=24h', headers: { 'cache-control': 'no-cache' } })).json();
  t.same(answer.regions, ['England', 'Île-de-France', 'Scotland', 'Zurich']);
  await sql`DELETE FROM medical_contacts WHERE name IN ('Dr Paris', 'Dr Zurich')`;
});

// Last: it moves the clock on and leaves answers computed with an extra log in the cache.
t.test('answers are kept a minute (24h, 7d) or 15 minutes (30d, 1y) and say when they were computed', async (t) => {
  const month = await overview('30d');
  await insertBotLogs(sql, [log('2026-11-21T09:50:00Z', 'INFO', 999, 10, LONDON)]);
  const week = await overview('7d');
  t.equal(week.kpis.totalRequests.value, 7, 'the week is kept: the new log is not counted yet');
  t.equal(week.asOf, '2026-11-21T10:00:00.000Z');
  const refreshed = await testApp.call(viewer.token, { method: 'GET', url: '/api/analytics/overview?period=7d', headers: { 'cache-control': 'no-cache' } });
  t.equal(refreshed.json().kpis.totalRequests.value, 8, 'Refresh (Cache-Control: no-cache) gets figures computed now');

  testApp.clock.advance(60_000);
  const weekLater = await overview('7d');
  t.equal(weekLater.kpis.totalRequests.value, 8, 'a minute later the week is computed again');
  t.equal(weekLater.kpis.uniqueUsers.value, 4);
  t.equal(weekLater.asOf, '2026-11-21T10:01:00.000Z');
  const monthKept = await overview('30d');
  t.equal(monthKept.kpis.totalRequests.value, 9, 'the month is kept 15 minutes');
  t.equal(monthKept.asOf, month.asOf);

  testApp.clock.advance(14 * 60_000);
  // Access tokens last 15 minutes too.
  const fresh = await testApp.userWithToken('viewer');
  const monthLater = (await testApp.call(fresh.token, { method: 'GET', url: '/api/analytics/overview?period=30d' })).json();
  t.equal(monthLater.kpis.totalRequests.value, 10, 'computed again after 15 minutes');
  t.equal(monthLater.kpis.uniqueUsers.value, 6);
  t.equal(monthLater.asOf, '2026-11-21T10:15:00.000Z');
});
