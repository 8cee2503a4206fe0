/**
 * The analytics endpoints' latency (issue 7): a year of logs (3,000,000 rows) rolled up, 300
 * contacts shown every day, then every analytics endpoint for each window (24h, 7d, 30d, 1y)
 * through app.inject, one request at a time and from 20 clients at once, with a minute of logs
 * not rolled up yet (as between two roll-up runs).
 *
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/analytics.ts   # a fresh database on that server (dropped after)
 *   npx tsx bench/analytics.ts                                   # embedded PGlite, in memory (use fewer rows)
 *
 * Options (environment): BENCH_LOGS (3000000), BENCH_USERS (50000), BENCH_REQUESTS (100 per case),
 * BENCH_KEEP=1. Writes bench/results/analytics.json.
 */
import os from 'node:os';
import { ANALYTICS_PERIODS } from '../api/contract/analytics.js';
import { rollUpLogs } from '../sql/log-rollups.js';
import { runMigrations } from '../sql/migrate.js';
import type { Sql } from '../sql/database.js';
import { generateLogs } from './log-generator.js';
import { benchToken, buildBenchApp, measureEndpoints, openBenchDatabase, writeResults } from './support.js';

const LOGS = Number(process.env.BENCH_LOGS ?? 3_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 50_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const CONCURRENCY = 20;
const CONTACTS = 300;
const MINUTE_LOGS = 3_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Contacts in the generated logs' regions, each shown a few times a day for the year. */
async function generateContacts(sql: Sql, now: Date): Promise<void> {
  await sql`
    INSERT INTO medical_contacts (name, phone, specialty, city, region, country, latitude, longitude, available_hours, response_time, rating, verified)
    SELECT 'Contact ' || i, '+1 555 ' || lpad(i::text, 6, '0'), (ARRAY['Cardiology', 'Dentistry', 'Pediatrics', 'General'])[1 + i % 4],
      'City ' || i, 'Region ' || (i % 150), 'Country ' || (i % 40), -60 + (i % 120), -170 + (i % 340),
      CASE WHEN i % 10 = 0 THEN '24/7' ELSE 'Mon–Fri 09:00–17:00' END, (ARRAY['within 30 minutes', 'within 2 hours', 'same day'])[1 + i % 3],
      3 + (i % 20) / 10.0, i % 4 <> 0
    FROM generate_series(1, ${CONTACTS}) AS i`;
  await sql`
    INSERT INTO contact_daily_requests (contact_id, day, requests)
    SELECT c.id, ${now}::date - d, 1 + (c.id + d) % 7 FROM medical_contacts c, generate_series(0, 364) AS d`;
}

async function main(): Promise<void> {
  const db = await openBenchDatabase();
  const { sql } = db;
  try {
    console.log(`database: ${db.label}`);
    await runMigrations(sql);
    const now = new Date();
    const minuteAgo = new Date(now.getTime() - 60_000);
    await generateLogs(sql, LOGS, new Date(now.getTime() - 365 * DAY_MS), minuteAgo, 0.42, USERS);
    await generateContacts(sql, now);
    await rollUpLogs(sql);
    await generateLogs(sql, MINUTE_LOGS, minuteAgo, now, 0.99, USERS);
    await sql`VACUUM ANALYZE`;
    console.log(`${LOGS.toLocaleString('en')} log rows rolled up, ${MINUTE_LOGS} not yet`);

    const app = await buildBenchApp(sql);
    try {
      const token = await benchToken(app, sql);
      const cases: Record<string, string> = {};
      for (const period of ANALYTICS_PERIODS) {
        cases[`overview ${period}`] = `/api/analytics/overview?period=${period}`;
        cases[`location-requests ${period}`] = `/api/analytics/location-requests?period=${period}`;
        cases[`geographic ${period}`] = `/api/geographic-analytics?period=${period}`;
        cases[`geographic country ${period}`] = `/api/geographic-analytics?period=${period}&country=Country%207`;
        cases[`heatmap ${period}`] = `/api/geographic-heatmap?period=${period}`;
        cases[`performance ${period}`] = `/api/performance-metrics?period=${period}`;
        cases[`contacts ${period}`] = `/api/contact-analytics?period=${period}`;
      }
      const endpoints = await measureEndpoints(app, token, cases, { requests: REQUESTS, concurrency: CONCURRENCY });
      const over100 = Object.entries(endpoints).filter(([, figures]) => figures.concurrent.p95 >= 100).map(([name]) => name);
      await writeResults('analytics', {
        benchmark: 'analytics endpoints over a year of logs',
        date: now.toISOString(),
        database: db.label,
        machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, loadAverageAtEnd: os.loadavg().map((load) => Math.round(load * 10) / 10) },
        logs: LOGS,
        users: USERS,
        contacts: CONTACTS,
        pendingLogs: MINUTE_LOGS,
        requestsPerCase: REQUESTS,
        concurrency: CONCURRENCY,
        // The long windows' distinct-user figures come from the 15-minute figure cache after the warm-up.
        concurrentP95AtOrOver100Ms: over100,
        endpoints,
      });
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

await main();
