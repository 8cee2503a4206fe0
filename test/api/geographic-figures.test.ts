import t from 'tap';
import type { NewBotLog } from '../../sql/bot-logs.js';
import { rollUpLogs } from '../../sql/log-rollups.js';
import { createTestApp } from '../helpers/app.js';
import { aBotLog, insertLogs } from '../helpers/bot-logs.js';
import { seededRandom } from '../helpers/contacts.js';

// Geographic Analytics and Contact Analytics (spec §2.13, §2.14) checked against the raw bot_logs
// rows counted by SQL, for every period, with the country and region filters off and on.
//
// The clock stands at 2026-11-21T10:00Z. The rows lie on days far from every window's edge (today
// before 10:00, 3, 20, 150 and 500 days ago), so each window holds the same rows whether it starts
// at midnight or 24 hours back.
const testApp = await createTestApp(t);
const { sql } = testApp.db;
const viewer = await testApp.userWithToken('viewer');

const NOW = '2026-11-21T10:00:00Z';
const SINCE = { '24h': '2026-11-21T00:00:00Z', '7d': '2026-11-15T00:00:00Z', '30d': '2026-10-23T00:00:00Z', '1y': '2025-11-22T00:00:00Z' } as const;
const PERIODS = Object.keys(SINCE) as (keyof typeof SINCE)[];

const PLACES = [
  { country: 'United Kingdom', region: 'England', city: 'London' },
  { country: 'United Kingdom', region: 'England', city: 'Manchester' },
  { country: 'United Kingdom', region: 'Scotland', city: 'Edinburgh' },
  { country: 'France', region: 'Île-de-France', city: 'Paris' },
  { country: 'France', region: 'Auvergne-Rhône-Alpes', city: 'Lyon' },
  // A place the gazetteer knows no region of.
  { country: 'Monaco', region: null, city: 'Monaco' },
  // Requests that named no place: counted by the overview, never by these screens.
  { country: null, region: null, city: null },
];
const DAYS_AGO = [0, 0, 3, 20, 150, 500];
const DAY_MS = 24 * 60 * 60 * 1000;

function generatedLogs(count: number): NewBotLog[] {
  const random = seededRandom(21);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: count }, () => {
    const daysAgo = pick(DAYS_AGO);
    // Today only up to 09:59, before the clock; other days at any hour.
    const minute = Math.floor(random() * (daysAgo === 0 ? 600 : 1440));
    const createdAt = new Date(Date.parse('2026-11-21T00:00:00Z') - daysAgo * DAY_MS + minute * 60_000);
    const level = random() < 0.2 ? 'ERROR' : random() < 0.2 ? 'WARN' : 'INFO';
    return aBotLog({
      createdAt,
      level,
      command: 'location',
      userId: 500 + Math.floor(random() * 12),
      durationMs: random() < 0.1 ? null : Math.floor(20 + random() * 3000),
      ...pick(PLACES),
    });
  });
}

const LOGS = generatedLogs(600);
// All but the last rows are rolled up; the readers add those above the watermark themselves.
await insertLogs(sql, LOGS.slice(0, 540));
await rollUpLogs(sql);
await insertLogs(sql, LOGS.slice(540));

for (const [name, region, country] of [
  ['Dr England', 'England', 'GB'],
  ['Dr Scotland', 'Scotland', 'GB'],
  ['Dr Paris', 'Île-de-France', 'FR'],
] as const) {
  for (const [verified, active, hours] of [
    [true, true, '24/7'],
    [false, true, 'Mon–Fri 09:00–17:00'],
    [true, false, '24/7'],
  ] as const) {
    await sql`
      INSERT INTO medical_contacts (name, phone, specialty, city, region, country, latitude, longitude, verified, verified_at, is_active, available_hours)
      VALUES (${name}, '+44 20 0000 0000', 'Cardiology', 'Somewhere', ${region}, ${country}, 51.5, -0.1, ${verified}, ${verified ? testApp.clock.now() : null}, ${active}, ${hours})`;
  }
}

async function get<T>(url: string): Promise<T> {
  const response = await testApp.call(viewer.token, { method: 'GET', url });
  t.equal(response.statusCode, 200, url);
  return response.json() as T;
}

/** Rounded, so sums in another order compare equal. */
const round = (value: number | null) => (value === null ? null : Math.round(value * 1e6) / 1e6);

/** The window's rows that named a place, optionally of one country or one region, as SQL sees them. */
function placedLogs(period: keyof typeof SINCE, { country, region }: { country?: string; region?: string } = {}) {
  return sql`(
    SELECT * FROM bot_logs
    WHERE created_at >= ${SINCE[period]}::timestamptz AND created_at < ${NOW}::timestamptz
      AND (coalesce(country, '') || coalesce(region, '') || coalesce(city, '')) <> ''
      AND (${country ?? null}::text IS NULL OR country = ${country ?? null})
      AND (${region ?? null}::text IS NULL OR region = ${region ?? null})
  ) w`;
}

interface Summary {
  totalRequests: number;
  successRate: number | null;
  avgResponseTimeMs: number | null;
  activeRegions: number;
}
interface Place {
  country: string | null;
  region: string | null;
  city: string | null;
  requestCount: number;
  successCount: number;
  successRate: number;
  avgResponseTimeMs: number | null;
  uniqueUsers: number;
  lastRequestAt: string;
}

async function expectedSummary(period: keyof typeof SINCE, country?: string): Promise<Summary> {
  const [row] = await sql<{ totalRequests: number; successRate: number | null; avgResponseTimeMs: number | null; activeRegions: number }[]>`
    WITH regions AS (
      SELECT country, coalesce(region, '') AS region, 100.0 * count(*) FILTER (WHERE level <> 'ERROR') / count(*) AS rate
      FROM ${placedLogs(period, { country })} GROUP BY 1, 2
    )
    SELECT (SELECT count(*)::int FROM ${placedLogs(period, { country })}) AS total_requests,
      (SELECT avg(rate)::float8 FROM regions) AS success_rate,
      (SELECT avg(duration_ms)::float8 FROM ${placedLogs(period, { country })}) AS avg_response_time_ms,
      (SELECT count(*)::int FROM regions) AS active_regions`;
  return { ...row!, successRate: round(row!.successRate), avgResponseTimeMs: round(row!.avgResponseTimeMs) };
}

async function expectedCities(period: keyof typeof SINCE, country?: string): Promise<Place[]> {
  const rows = await sql<(Omit<Place, 'lastRequestAt'> & { lastRequestAt: Date })[]>`
    SELECT country, region, city, count(*)::int AS request_count, count(*) FILTER (WHERE level <> 'ERROR')::int AS success_count,
      (100.0 * count(*) FILTER (WHERE level <> 'ERROR') / count(*))::float8 AS success_rate,
      avg(duration_ms)::float8 AS avg_response_time_ms, count(DISTINCT user_id)::int AS unique_users, max(created_at) AS last_request_at
    FROM ${placedLogs(period, { country })} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`;
  return rows.map((row) => ({
    ...row,
    successRate: round(row.successRate)!,
    avgResponseTimeMs: round(row.avgResponseTimeMs),
    lastRequestAt: row.lastRequestAt.toISOString(),
  }));
}

const byPlace = <T extends { country: string | null; region: string | null; city?: string | null }>(items: T[]) =>
  [...items].sort((a, b) => `${a.country}/${a.region}/${a.city}`.localeCompare(`${b.country}/${b.region}/${b.city}`));

t.test('Geographic Analytics: cards and places equal the raw rows, with the country filter off and on', async (t) => {
  for (const period of PERIODS) {
    for (const country of [undefined, 'United Kingdom', 'France', 'Monaco']) {
      const label = `${period}, ${country ?? 'all countries'}`;
      const query = `period=${period}${country ? `&country=${encodeURIComponent(country)}` : ''}`;
      const answer = await get<{ summary: Summary; items: Place[] }>(`/api/geographic-analytics?${query}`);
      const summary = { ...answer.summary, successRate: round(answer.summary.successRate), avgResponseTimeMs: round(answer.summary.avgResponseTimeMs) };
      t.strictSame(summary, await expectedSummary(period, country), `${label}: the cards`);
      const cities = await expectedCities(period, country);
      t.strictSame(
        byPlace(answer.items.map(({ country, region, city, requestCount, successCount, successRate, avgResponseTimeMs, uniqueUsers, lastRequestAt }) => ({
          country, region, city, requestCount, successCount, successRate: round(successRate)!, avgResponseTimeMs: round(avgResponseTimeMs), uniqueUsers, lastRequestAt,
        }))),
        byPlace(cities),
        `${label}: Detailed Analytics, per city`,
      );

      const heatmap = await get<{ items: { country: string | null; region: string | null; city: string | null; requestCount: number; successRate: number }[] }>(
        `/api/geographic-heatmap?${query}`,
      );
      t.strictSame(
        byPlace(heatmap.items.map(({ country, region, city, requestCount, successRate }) => ({ country, region, city, requestCount, successRate: round(successRate)! }))),
        byPlace(cities.map(({ country, region, city, requestCount, successRate }) => ({ country, region, city, requestCount, successRate }))),
        `${label}: the heatmap, per city`,
      );
    }
  }
  const all = await get<{ summary: Summary }>('/api/geographic-analytics?period=1y');
  const perCountry = await Promise.all(
    ['United Kingdom', 'France', 'Monaco'].map(async (country) => (await get<{ summary: Summary }>(`/api/geographic-analytics?period=1y&country=${encodeURIComponent(country)}`)).summary),
  );
  t.equal(perCountry.reduce((sum, summary) => sum + summary.totalRequests, 0), all.summary.totalRequests, 'the countries add up to all countries');
  t.ok(all.summary.totalRequests > 0 && all.summary.totalRequests < LOGS.length, 'requests that named no place are left out');
});

t.test('Performance by Region follows the country filter and equals the raw rows', async (t) => {
  for (const period of PERIODS) {
    for (const country of [undefined, 'United Kingdom', 'France']) {
      const label = `${period}, ${country ?? 'all countries'}`;
      const metrics = await get<{ items: { region: string | null; country: string | null; metricType: string; value: number }[] }>(
        `/api/performance-metrics?period=${period}${country ? `&country=${encodeURIComponent(country)}` : ''}`,
      );
      const expected = await sql<{ country: string; region: string | null; responseTime: number | null; successRate: number }[]>`
        SELECT country, region, avg(duration_ms)::float8 AS response_time,
          (100.0 * count(*) FILTER (WHERE level <> 'ERROR') / count(*))::float8 AS success_rate
        FROM ${placedLogs(period, { country })} GROUP BY 1, 2`;
      const rows = (items: { country: string | null; region: string | null; metricType: string; value: number | null }[]) =>
        items.map((item) => ({ ...item, value: round(item.value) })).sort((a, b) => `${a.country}/${a.region}/${a.metricType}`.localeCompare(`${b.country}/${b.region}/${b.metricType}`));
      t.strictSame(
        rows(metrics.items.map(({ country, region, metricType, value }) => ({ country, region, metricType, value }))),
        rows(
          expected.flatMap(({ country, region, responseTime, successRate }) => [
            ...(responseTime === null ? [] : [{ country, region, metricType: 'response_time', value: responseTime }]),
            { country, region, metricType: 'success_rate', value: successRate },
          ]),
        ),
        `${label}: each region's response time and success rate`,
      );
      if (country) t.ok(metrics.items.every((item) => item.country === country), `${label}: only that country's regions`);
    }
  }
});

interface ContactFigures {
  totalContacts: number;
  activeContacts: number;
  verifiedContacts: number;
  emergencyContacts: number;
  contactsByRegion: { region: string; count: number; successRate: number | null }[];
  usagePatterns: { hour: string; requests: number; successRate: number | null }[];
  responseTimeMetrics: { timeRange: string; avgTime: number | null; medianTime: number | null; p95Time: number | null }[];
}
const TIME_RANGES = { 'Last 24h': '24h', 'Last 7 days': '7d', 'Last 30 days': '30d', 'Last year': '1y' } as const;

t.test('Contact Analytics: Usage Patterns and Response Time Distribution follow the region filter', async (t) => {
  for (const period of PERIODS) {
    for (const region of [undefined, 'England', 'Île-de-France']) {
      const label = `${period}, ${region ?? 'all regions'}`;
      const answer = await get<ContactFigures>(`/api/contact-analytics?period=${period}${region ? `&region=${encodeURIComponent(region)}` : ''}`);

      const [cards] = await sql<Pick<ContactFigures, 'totalContacts' | 'activeContacts' | 'verifiedContacts' | 'emergencyContacts'>[]>`
        SELECT count(*)::int AS total_contacts, count(*) FILTER (WHERE is_active)::int AS active_contacts,
          count(*) FILTER (WHERE verified)::int AS verified_contacts, count(*) FILTER (WHERE hours_kind = 'always')::int AS emergency_contacts
        FROM medical_contacts WHERE (${region ?? null}::text IS NULL OR region = ${region ?? null})`;
      const { totalContacts, activeContacts, verifiedContacts, emergencyContacts } = answer;
      t.strictSame({ totalContacts, activeContacts, verifiedContacts, emergencyContacts }, { ...cards }, `${label}: the cards`);

      // Without a region the hours count every request, with one only the requests that named a place in it.
      const hours = await sql<{ hour: number; requests: number; successRate: number | null }[]>`
        SELECT h.hour, count(w.id)::int AS requests, (100.0 * count(w.id) FILTER (WHERE w.level <> 'ERROR') / nullif(count(w.id), 0))::float8 AS success_rate
        FROM generate_series(0, 23) AS h (hour)
        LEFT JOIN (
          SELECT * FROM bot_logs WHERE created_at >= ${SINCE[period]}::timestamptz AND created_at < ${NOW}::timestamptz
            AND (${region ?? null}::text IS NULL OR region = ${region ?? null})
        ) w ON extract(hour FROM w.created_at AT TIME ZONE 'UTC') = h.hour
        GROUP BY h.hour ORDER BY h.hour`;
      t.strictSame(
        answer.usagePatterns.map((hour) => ({ ...hour, successRate: round(hour.successRate) })),
        hours.map((hour) => ({ hour: String(hour.hour).padStart(2, '0'), requests: hour.requests, successRate: round(hour.successRate) })),
        `${label}: requests by hour of day`,
      );

      for (const entry of answer.responseTimeMetrics) {
        const window = TIME_RANGES[entry.timeRange as keyof typeof TIME_RANGES];
        const [exact] = await sql<{ avg: number | null; median: number | null; p95: number | null }[]>`
          SELECT avg(duration_ms)::float8 AS avg, percentile_disc(0.5) WITHIN GROUP (ORDER BY duration_ms)::float8 AS median,
            percentile_disc(0.95) WITHIN GROUP (ORDER BY duration_ms)::float8 AS p95
          FROM bot_logs WHERE created_at >= ${SINCE[window]}::timestamptz AND created_at < ${NOW}::timestamptz
            AND (${region ?? null}::text IS NULL OR region = ${region ?? null})`;
        t.equal(round(entry.avgTime), round(exact!.avg), `${label}, ${entry.timeRange}: the mean response time`);
        // The median and p95 are estimated within one histogram bucket (at most 20 % wide, migration 007).
        for (const [name, estimate, value] of [
          ['median', entry.medianTime, exact!.median],
          ['p95', entry.p95Time, exact!.p95],
        ] as const) {
          t.ok(estimate !== null && value !== null && Math.abs(estimate - value) <= value * 0.2 + 1, `${label}, ${entry.timeRange}: the ${name} (${estimate} for ${value})`);
        }
      }

      // Contacts hold their country's code; the logs its English name, as the gazetteer writes it.
      const regions = await sql<{ region: string; count: number; successRate: number | null }[]>`
        SELECT c.region, count(*)::int AS count, (
          SELECT (100.0 * count(*) FILTER (WHERE level <> 'ERROR') / nullif(count(*), 0))::float8
          FROM ${placedLogs(period)} WHERE w.country = named.name AND w.region = c.region
        ) AS success_rate
        FROM medical_contacts c JOIN (VALUES ('GB', 'United Kingdom'), ('FR', 'France')) AS named (code, name) ON named.code = c.country
        WHERE (${region ?? null}::text IS NULL OR c.region = ${region ?? null})
        GROUP BY c.country, named.name, c.region`;
      const inOrder = (entries: ContactFigures['contactsByRegion']) =>
        [...entries].sort((a, b) => a.region.localeCompare(b.region)).map((entry) => ({ ...entry, successRate: round(entry.successRate) }));
      t.strictSame(
        inOrder(answer.contactsByRegion),
        inOrder(regions),
        `${label}: contacts and success rate per region`,
      );
    }
  }
});

t.test('a filter longer than the schema allows is a 400 naming it', async (t) => {
  const country = await testApp.call(viewer.token, { method: 'GET', url: `/api/performance-metrics?country=${'x'.repeat(101)}` });
  t.equal(country.statusCode, 400);
  t.match(country.json(), { field: 'country', fields: { country: 'Country can be at most 100 characters. Shorten it.' } });
  const region = await testApp.call(viewer.token, { method: 'GET', url: `/api/contact-analytics?region=${'x'.repeat(101)}` });
  t.equal(region.statusCode, 400);
  t.match(region.json(), { field: 'region', fields: { region: 'Region can be at most 100 characters. Shorten it.' } });
});

// Last: it adds a row and moves the clock.
t.test('the cards, the heatmap and Performance by Region are figures of one moment, renewed together', async (t) => {
  type Answer = { asOf: string; items: { city?: string | null; region: string | null; requestCount?: number; metricType?: string; value?: number }[] };
  const lyon = (answer: Answer) => answer.items.find((item) => item.city === 'Lyon')?.requestCount;
  const query = 'period=7d&country=France';
  // The subtests above left every answer kept: past their minute, the next call renews them.
  testApp.clock.advance(61_000);
  const cards = await get<Answer & { summary: Summary }>(`/api/geographic-analytics?${query}`);
  await insertLogs(sql, [aBotLog({ createdAt: new Date(Date.parse(NOW) - 60_000), command: 'location', ...PLACES[4]! })]);
  testApp.clock.advance(30_000);
  const heatmap = await get<Answer>(`/api/geographic-heatmap?${query}`);
  const metrics = await get<Answer>(`/api/performance-metrics?${query}`);
  t.same([heatmap.asOf, metrics.asOf], [cards.asOf, cards.asOf], 'called half a minute later, the same "as of" as the cards');
  t.equal(lyon(heatmap), lyon(cards), "the heatmap counts Lyon's requests as the cards' list does");
  t.equal(cards.summary.totalRequests, heatmap.items.reduce((sum, item) => sum + item.requestCount!, 0), 'and the cards add up the heatmap');

  testApp.clock.advance(60_000);
  const renewedHeatmap = await get<Answer>(`/api/geographic-heatmap?${query}`);
  const renewedCards = await get<Answer & { summary: Summary }>(`/api/geographic-analytics?${query}`);
  const renewedMetrics = await get<Answer>(`/api/performance-metrics?${query}`);
  t.ok(renewedHeatmap.asOf > cards.asOf, 'once the figures are a minute old, a call renews them');
  t.same([renewedCards.asOf, renewedMetrics.asOf], [renewedHeatmap.asOf, renewedHeatmap.asOf], 'for all three answers');
  t.equal(lyon(renewedHeatmap), lyon(cards)! + 1, 'with the new request');
  t.equal(lyon(renewedCards), lyon(renewedHeatmap));
});
