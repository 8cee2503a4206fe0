/**
 * The log roll-ups' figures (issues 6 and 7): a first roll-up of a year of logs (3,000,000 rows),
 * an incremental run over a minute's 3,000 new rows, each analytics read function over a 365-day
 * window (with a minute of logs not rolled up yet, as between two runs), and the retention job.
 *
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/rollups.ts   # a fresh database on that server (dropped after)
 *   npx tsx bench/rollups.ts                                   # embedded PGlite, in memory (use fewer rows)
 *
 * Options (environment): BENCH_LOGS (3000000), BENCH_USERS (50000), BENCH_READS (30 per function),
 * BENCH_KEEP=1 (keep the server database). Writes bench/results/rollups.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Sql } from '../sql/database.js';
import {
  commandDailySeries,
  dailyResponseTimes,
  dailySeries,
  hourOfDayDistribution,
  lastDays,
  locationStats,
  requestTotals,
  responseTimePercentiles,
  topLocations,
  topUsers,
  uniqueUserCount,
} from '../sql/log-analytics.js';
import { deleteRolledUpLogsBefore } from '../sql/log-retention.js';
import { rollUpLogs } from '../sql/log-rollups.js';
import { runMigrations } from '../sql/migrate.js';
import { generateLogs } from './log-generator.js';
import { openBenchDatabase, percentiles } from './support.js';

const LOGS = Number(process.env.BENCH_LOGS ?? 3_000_000);
const USERS = Number(process.env.BENCH_USERS ?? 50_000);
const READS = Number(process.env.BENCH_READS ?? 30);
const MINUTE_LOGS = 3_000;
const INCREMENTAL_RUNS = 5;
const RETENTION_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await run();
  return { ms: Math.round((performance.now() - started) * 10) / 10, result };
}

async function tableSizes(sql: Sql) {
  const rows = await sql<{ table: string; rows: number; bytes: number }[]>`
    SELECT relname AS table, (xpath('/row/c/text()', query_to_xml(format('SELECT count(*) AS c FROM %I', relname), false, true, '')))[1]::text::bigint AS rows,
      pg_total_relation_size(oid) AS bytes
    FROM pg_class WHERE relname IN ('bot_logs', 'log_hourly_totals', 'log_daily_totals', 'log_daily_durations',
      'log_daily_commands', 'log_daily_locations', 'log_daily_users', 'log_monthly_users') ORDER BY relname`;
  return Object.fromEntries(rows.map(({ table, rows: count, bytes }) => [table, { rows: count, megabytes: Math.round(bytes / 1e5) / 10 }]));
}

async function main(): Promise<void> {
  const db = await openBenchDatabase();
  const { sql } = db;
  try {
    console.log(`database: ${db.label}`);
    await runMigrations(sql);
    const now = new Date();
    const yearAgo = new Date(now.getTime() - 365 * DAY_MS);
    const minuteAgo = new Date(now.getTime() - 60_000);

    const generate = await timed(() => generateLogs(sql, LOGS, yearAgo, minuteAgo, 0.42, USERS));
    await sql`VACUUM ANALYZE bot_logs`;
    console.log(`generated ${LOGS.toLocaleString('en')} log rows over a year in ${(generate.ms / 1000).toFixed(1)} s`);

    const fromScratch = await timed(() => rollUpLogs(sql));
    console.log(`first roll-up: ${fromScratch.result.logsRolledUp.toLocaleString('en')} rows in ${(fromScratch.ms / 1000).toFixed(1)} s`);
    await sql`VACUUM ANALYZE`;

    const incrementalMs: number[] = [];
    for (let run = 0; run < INCREMENTAL_RUNS; run++) {
      await generateLogs(sql, MINUTE_LOGS, minuteAgo, now, run / 10, USERS);
      const incremental = await timed(() => rollUpLogs(sql));
      if (incremental.result.logsRolledUp !== MINUTE_LOGS) throw new Error(`rolled up ${incremental.result.logsRolledUp} rows, not ${MINUTE_LOGS}`);
      incrementalMs.push(incremental.ms);
    }
    console.log(`incremental run, ${MINUTE_LOGS} new rows: ${incrementalMs.join(', ')} ms`);

    // Readers between two runs: a minute of logs is not rolled up yet.
    await generateLogs(sql, MINUTE_LOGS, minuteAgo, now, 0.99, USERS);
    const year = lastDays(365, now);
    const readers: Record<string, () => Promise<unknown>> = {
      requestTotals: () => requestTotals(sql, year),
      uniqueUserCount: () => uniqueUserCount(sql, year),
      dailySeries: () => dailySeries(sql, year),
      hourOfDayDistribution: () => hourOfDayDistribution(sql, year),
      responseTimePercentiles: () => responseTimePercentiles(sql, year),
      dailyResponseTimes: () => dailyResponseTimes(sql, year),
      commandDailySeries: () => commandDailySeries(sql, year),
      topUsers: () => topUsers(sql, year),
      topLocations: () => topLocations(sql, year),
      locationStatsByCountry: () => locationStats(sql, year, { level: 'country' }),
      locationStatsByCity: () => locationStats(sql, year, { level: 'city' }),
      locationStatsByCityInCountry: () => locationStats(sql, year, { level: 'city', country: 'Country 7' }),
    };
    const reads: Record<string, ReturnType<typeof percentiles>> = {};
    for (const [name, read] of Object.entries(readers)) {
      await read();
      const samples: number[] = [];
      for (let n = 0; n < READS; n++) samples.push((await timed(read)).ms);
      reads[name] = percentiles(samples);
      console.log(`${name.padEnd(30)} p50 ${reads[name]!.p50} ms  p95 ${reads[name]!.p95} ms`);
    }

    const sizes = await tableSizes(sql);
    await rollUpLogs(sql);
    const retention = await timed(() => deleteRolledUpLogsBefore(sql, new Date(now.getTime() - RETENTION_DAYS * DAY_MS)));
    console.log(
      `retention (${RETENTION_DAYS} days): deleted ${retention.result.deleted.toLocaleString('en')} rows in ${retention.result.batches} batches, ` +
        `${(retention.ms / 1000).toFixed(1)} s (${(retention.ms / retention.result.batches).toFixed(1)} ms a batch)`,
    );

    const output = {
      benchmark: 'log roll-ups and analytics reads',
      date: now.toISOString(),
      database: db.label,
      // The machine is shared: its load says how far the times stand above an idle one's.
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version, loadAverageAtEnd: os.loadavg().map((load) => Math.round(load * 10) / 10) },
      logs: LOGS,
      users: USERS,
      generateMs: generate.ms,
      firstRollUpSeconds: Math.round(fromScratch.ms / 100) / 10,
      incrementalRun: { newLogs: MINUTE_LOGS, ms: incrementalMs, ...percentiles(incrementalMs) },
      readsOver365Days: { window: year, pendingLogs: MINUTE_LOGS, samplesPerFunction: READS, milliseconds: reads },
      tableSizesBeforeRetention: sizes,
      retention: { days: RETENTION_DAYS, ...retention.result, seconds: Math.round(retention.ms / 100) / 10, msPerBatch: Math.round((retention.ms / retention.result.batches) * 10) / 10 },
    };
    const file = path.resolve('bench/results/rollups.json');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `${JSON.stringify(output, null, 2)}\n`);
    console.log(`wrote ${file}`);
  } finally {
    await db.close();
  }
}

await main();
