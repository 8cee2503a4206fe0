import t from 'tap';
import { ANALYTICS_PERIODS, type AnalyticsOverview } from '../../api/contract/analytics.js';
import { rollUpLogs } from '../../sql/log-rollups.js';
import { updateSystemSettings } from '../../sql/settings.js';
import { createTestApp } from '../helpers/app.js';

// Requests by language on the analytics overview come from log_hourly_languages (migration 033) plus
// the rows at the window's edges and those not rolled up yet: each period's figures must equal a
// count of the raw rows. The clock stands at 2026-11-21T10:00Z; the day windows are Kyiv's days.
const { db, call, clock, userWithToken } = await createTestApp(t);
const { sql } = db;
const viewer = await userWithToken('viewer');
await updateSystemSettings(sql, { timeZone: 'Europe/Kyiv' });

/** `count` logs spread over the 400 days before the clock, at odd minutes, in a few languages or none. */
async function insertLogs(count: number, seed: number): Promise<void> {
  await sql`
    INSERT INTO bot_logs (created_at, level, message, user_id, language)
    SELECT timestamptz '2026-11-21T10:00:00Z' - make_interval(mins => (n * 7919 + ${seed}) % (400 * 24 * 60)),
      'INFO', 'location', 1000 + n % 17, (ARRAY['uk', 'uk', 'en', 'pl', 'de', NULL])[1 + (n * ${seed}) % 6]
    FROM generate_series(1, ${count}) AS n`;
}

async function rawCounts(from: string, to: string): Promise<{ language: string; requests: number }[]> {
  return [
    ...(await sql<{ language: string; requests: number }[]>`
      SELECT language, count(*)::int AS requests FROM bot_logs
      WHERE created_at >= ${from} AND created_at < ${to} AND language IS NOT NULL
      GROUP BY language ORDER BY requests DESC, language`),
  ];
}

t.test('requests by language over each period equal the raw rows, rolled up or not', async (t) => {
  await insertLogs(4000, 13);
  const { logsRolledUp } = await rollUpLogs(sql);
  t.equal(logsRolledUp, 4000);
  const [hourly] = await sql<{ requests: number }[]>`SELECT sum(requests)::int AS requests FROM log_hourly_languages`;
  t.equal(hourly!.requests, (await sql`SELECT 1 FROM bot_logs WHERE language IS NOT NULL`).length, 'the roll-up holds every log with a language');
  await insertLogs(600, 29); // above the watermark: read from bot_logs
  // Off the hour, so the last 24 hours start and end inside hours whose rows are read from bot_logs.
  clock.advance(7 * 60_000 + 13_000); // access tokens last 15 minutes

  for (const period of ANALYTICS_PERIODS) {
    const response = await call(viewer.token, { method: 'GET', url: `/api/analytics/overview?period=${period}`, headers: { 'cache-control': 'no-cache' } });
    t.equal(response.statusCode, 200);
    const overview = response.json() as AnalyticsOverview;
    const expected = await rawCounts(overview.from, overview.to);
    t.ok(expected.length >= 3, `${period}: several languages in the window`);
    t.strictSame(overview.languages, expected, `${period}: the figures are the raw count`);
    if (period === '24h') t.equal(overview.from, '2026-11-20T10:07:13.000Z', 'a window that starts inside an hour');
  }
});

t.test('the analytics CSV lists the languages by name', async (t) => {
  const response = await call((await userWithToken('editor')).token, { method: 'GET', url: '/api/analytics/export?period=7d' });
  t.equal(response.statusCode, 200, response.body.slice(0, 200));
  const overview = (await call(viewer.token, { method: 'GET', url: '/api/analytics/overview?period=7d' })).json() as AnalyticsOverview;
  const ukrainian = overview.languages.find((row) => row.language === 'uk')!;
  t.match(response.body, `Languages,Ukrainian,requests,${ukrainian.requests}`);
});
