/**
 * The Dashboard's endpoint at scale (issue 7): GET /api/bot-stats for each window over generated
 * logs spread evenly over the last 60 days, rolled up, plus a few thousand rows above the roll-up
 * watermark (what a minute between roll-ups leaves), through the built app (app.inject).
 *
 *   npx tsx bench/bot-stats.ts                                     # embedded PGlite, in memory
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/bot-stats.ts     # a fresh database on that server (dropped after)
 *
 * Options (environment): BENCH_LOGS (1000000), BENCH_PENDING (3000), BENCH_REQUESTS (50 per window),
 * BENCH_CONCURRENCY (20).
 * Writes bench/results/bot-stats.json.
 */
import os from 'node:os';
import type { Sql } from '../sql/database.js';
import { rollUpLogs } from '../sql/log-rollups.js';
import { runMigrations } from '../sql/migrate.js';
import { benchToken, buildBenchApp, measureEndpoints, openBenchDatabase, writeResults } from './support.js';

const LOGS = Number(process.env.BENCH_LOGS ?? 1_000_000);
const PENDING = Number(process.env.BENCH_PENDING ?? 3000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const SPAN_SECONDS = 60 * 24 * 60 * 60;
const USERS = 20_000;

/** `count` log rows evenly over the `spanSeconds` before now, newest last; deterministic per row number. */
async function generateLogs(sql: Sql, count: number, spanSeconds: number): Promise<void> {
  await sql`
    INSERT INTO bot_logs (created_at, level, message, command, user_id, chat_id, duration_ms)
    SELECT now() - make_interval(secs => (${count} - g) * ${spanSeconds / count}::float8),
      CASE WHEN g % 20 = 0 THEN 'ERROR' WHEN g % 10 = 1 THEN 'WARN' WHEN g % 25 = 2 THEN 'DEBUG' ELSE 'INFO' END,
      'generated', 'location', 100000000 + (g * 7919) % ${USERS}, 100000000 + (g * 7919) % ${USERS}, 20 + (g * 31) % 900
    FROM generate_series(1::bigint, ${count}) AS g`;
}

async function main() {
  const database = await openBenchDatabase();
  const { sql } = database;
  console.log(`database: ${database.label}`);
  try {
    await runMigrations(sql);
    let started = performance.now();
    await generateLogs(sql, LOGS, SPAN_SECONDS);
    console.log(`generated ${LOGS.toLocaleString('en')} log rows in ${Math.round(performance.now() - started)} ms`);
    started = performance.now();
    await rollUpLogs(sql);
    const rollUpMs = Math.round(performance.now() - started);
    console.log(`rolled up in ${rollUpMs} ms`);
    // Rows of the last minute, not rolled up yet: every reader adds them itself.
    await generateLogs(sql, PENDING, 60);
    await sql`VACUUM ANALYZE bot_logs`;

    const app = await buildBenchApp(sql);
    const token = await benchToken(app, sql);
    const results = await measureEndpoints(
      app,
      token,
      { '24h': '/api/bot-stats?period=24h', '7d': '/api/bot-stats?period=7d', '30d': '/api/bot-stats?period=30d' },
      { requests: REQUESTS, concurrency: CONCURRENCY },
    );
    await app.close();
    await writeResults('bot-stats', {
      benchmark: `GET /api/bot-stats (app.inject): one at a time, and ${CONCURRENCY} clients at once`,
      date: new Date().toISOString(),
      database: database.label.replace(/\/bench_[0-9a-f]+$/, ''),
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version },
      logs: LOGS,
      pendingLogs: PENDING,
      rollUpMs,
      results,
    });
  } finally {
    await database.close();
  }
}

await main();
