/**
 * The Bot Logs screen's figure (issue 6): GET /api/bot-logs latency over 1,000,000 log rows for the
 * first page, text and id searches, level filters, a "Load more" page deep in the table and the
 * 5-second auto-refresh (`after`), through the built app (app.inject), one request at a time. Each
 * case reports its first request apart: a search's first request counts every match, later ones
 * only the matches among rows written since.
 *
 *   npx tsx bench/logs.ts                                     # embedded PGlite, in memory
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/logs.ts     # a fresh database on that server (dropped after)
 *
 * Options (environment): BENCH_LOGS (1000000), BENCH_REQUESTS (100 per case), BENCH_KEEP=1 (keep
 * the server database, to EXPLAIN its queries). Writes bench/results/logs.json.
 */
import os from 'node:os';
import type { BotLogListResponse } from '../api/contract/bot-logs.js';
import type { Sql } from '../sql/database.js';
import { runMigrations } from '../sql/migrate.js';
import { benchToken, buildBenchApp, openBenchDatabase, percentiles, writeResults } from './support.js';

const LOGS = Number(process.env.BENCH_LOGS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const USERS = 20_000;
/** The user whose id the id search looks for: about LOGS / USERS rows. */
const SEARCHED_USER = 100_000_123;

/**
 * LOGS rows in one INSERT … SELECT over generate_series, shaped like the bot's: mostly INFO, some
 * WARN, a few ERROR and DEBUG, three seconds apart, from USERS users in private chats
 * and three groups. Deterministic: every value is a function of the row number.
 */
async function generateLogs(sql: Sql): Promise<void> {
  await sql`
    INSERT INTO bot_logs (created_at, level, message, command, user_id, chat_id, duration_ms, error_message, metadata, city, country, result_count)
    SELECT now() - make_interval(secs => (${LOGS} - g) * 3),
      o.level, o.message, o.command, 100000000 + (g * 7919) % ${USERS},
      CASE WHEN g % 10 < 3 THEN -1001000000000 - g % 3 ELSE 100000000 + (g * 7919) % ${USERS} END,
      20 + (g * 31) % 400 + CASE WHEN o.level = 'ERROR' THEN 5000 ELSE 0 END,
      o.error_message, jsonb_build_object('updateId', 700000000 + g),
      CASE WHEN o.command = 'location' THEN 'Lyon' END, CASE WHEN o.command = 'location' THEN 'France' END,
      CASE WHEN o.level = 'INFO' AND o.command = 'location' THEN 5 END
    FROM generate_series(1::bigint, ${LOGS}) AS g
    CROSS JOIN LATERAL (
      SELECT * FROM (VALUES
        (0, 'INFO', 'Answered a location with 5 contacts', 'location', NULL),
        (1, 'INFO', 'Sent the welcome message', '/start', NULL),
        (2, 'INFO', 'Asked to confirm a place', 'text', NULL),
        (3, 'INFO', 'Answered a location with 5 contacts', 'location', NULL),
        (4, 'INFO', 'Sent help', '/help', NULL),
        (5, 'INFO', 'Answered a location with 5 contacts', 'location', NULL),
        (6, 'WARN', 'Daily limit reached', 'location', NULL),
        (7, 'WARN', 'No place matches the text', 'text', NULL),
        (8, 'INFO', 'Answered a location with 5 contacts', 'location', NULL),
        (9, 'INFO', 'The user cancelled choosing a place', 'callback', NULL),
        (10, 'DEBUG', 'Checked membership of 1 authorized group with Telegram', 'location', NULL),
        (11, 'ERROR', 'Failed to answer', 'location', 'ETIMEDOUT while contacting Telegram')
      ) AS v(slot, level, message, command, error_message)
      -- ERROR and DEBUG rows are rarer than their slot: most of those slots fall back to INFO.
      WHERE v.slot = CASE WHEN g % 12 >= 10 AND g % 100 >= 8 THEN 0 ELSE g % 12 END
    ) AS o`;
  await sql`VACUUM ANALYZE bot_logs`;
}

async function main() {
  const database = await openBenchDatabase();
  const { sql } = database;
  console.log(`database: ${database.label}`);
  try {
    await runMigrations(sql);
    const generateStarted = performance.now();
    await generateLogs(sql);
    const generateMs = Math.round(performance.now() - generateStarted);
    console.log(`generated ${LOGS.toLocaleString('en')} log rows in ${generateMs} ms`);

    const app = await buildBenchApp(sql);
    // An editor: the export is theirs to run.
    const token = await benchToken(app, sql, 'editor');
    const get = async (url: string) => {
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      return response.json() as BotLogListResponse;
    };
    const { newestId } = await get('/api/bot-logs?limit=1');

    const cases = {
      firstPage: '/api/bot-logs',
      searchRareText: '/api/bot-logs?search=etimedout',
      searchCommonText: '/api/bot-logs?search=location',
      searchUserId: `/api/bot-logs?search=${SEARCHED_USER}`,
      levelError: '/api/bot-logs?level=ERROR',
      levelWarn: '/api/bot-logs?level=WARN',
      levelAndSearch: '/api/bot-logs?level=WARN&search=daily',
      loadMoreDeep: `/api/bot-logs?before=${Math.floor(newestId / 2)}`,
      pollIdle: `/api/bot-logs?after=${newestId}`,
      pollFiveNew: `/api/bot-logs?after=${newestId - 5}`,
      pollFiveNewSearched: `/api/bot-logs?after=${newestId - 5}&search=location&level=INFO`,
    };
    const timed = async (url: string) => {
      const before = performance.now();
      const { total } = await get(url);
      return { total, ms: performance.now() - before };
    };
    const results: Record<string, { url: string; total: number | null; firstMs: number; ms: ReturnType<typeof percentiles> }> = {};
    for (const [name, url] of Object.entries(cases)) {
      // The first request of a search counts all its matches; later ones only those among new rows.
      const first = await timed(url);
      for (let index = 0; index < 5; index++) await get(url);
      const samples: number[] = [];
      for (let index = 0; index < REQUESTS; index++) samples.push((await timed(url)).ms);
      results[name] = { url, total: first.total, firstMs: Math.round(first.ms * 1000) / 1000, ms: percentiles(samples) };
      const { ms, firstMs, total } = results[name]!;
      console.log(
        `${name.padEnd(20)} first ${firstMs} ms, then p50 ${ms.p50} ms  p95 ${ms.p95} ms  p99 ${ms.p99} ms  (${total === null ? 'not counted' : `${total.toLocaleString('en')} match`})  ${url}`,
      );
    }
    // The CSV export streams every matching row: the whole table, then one level.
    const exports: Record<string, { url: string; rows: number; ms: number; rowsPerSecond: number }> = {};
    for (const [name, url] of Object.entries({ everyRow: '/api/bot-logs/export', warnings: '/api/bot-logs/export?level=WARN' })) {
      const before = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - before;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode}`);
      // One line per row after the header; no generated message holds a line break.
      const rows = response.body.split('\n').length - 2;
      exports[name] = { url, rows, ms: Math.round(ms), rowsPerSecond: Math.round(rows / (ms / 1000)) };
      console.log(`export ${name.padEnd(13)} ${rows.toLocaleString('en')} rows in ${Math.round(ms)} ms: ${exports[name]!.rowsPerSecond.toLocaleString('en')} rows/s  ${url}`);
    }
    await app.close();

    await writeResults('logs', {
      benchmark: 'GET /api/bot-logs (app.inject), one request at a time',
      date: new Date().toISOString(),
      database: database.label.replace(/\/bench_[0-9a-f]+$/, ''),
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version },
      logs: LOGS,
      requestsPerCase: REQUESTS,
      generateMs,
      cases: results,
      exports,
    });
  } finally {
    await database.close();
  }
}

await main();
