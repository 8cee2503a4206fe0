/**
 * The Bot Users list's figure (issue 6): GET /api/telegram-users latency with 100,000 bot users
 * for the first page, a name search, an id search and a status filter, through the built app
 * (app.inject), one request at a time and with 20 concurrent clients.
 *
 *   npx tsx bench/users.ts                                      # embedded PGlite, in memory
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/users.ts      # a fresh database on that server (dropped after)
 *
 * Options (environment): BENCH_USERS (100000), BENCH_REQUESTS (300 per case), BENCH_CONCURRENCY (20).
 * Writes bench/results/users.json.
 */
import os from 'node:os';
import type { Sql } from '../sql/database.js';
import { runMigrations } from '../sql/migrate.js';
import { createRandom } from '../scripts/demo/random.js';
import { NAMES } from '../scripts/demo/names.js';
import { benchToken, buildBenchApp, measureEndpoints, openBenchDatabase, progress, writeResults } from './support.js';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const TARGET_P95_MS = 50;
const FIRST_ID = 100_000_000;
const DAY_MS = 86_400_000;
const FIRST_NAMES = Object.values(NAMES).flatMap((names) => names.first);
const LAST_NAMES = Object.values(NAMES).flatMap((names) => names.last);

/** Users with names from the demo lists, seen over the last year, a tenth unreachable; bulk-inserted. */
async function generateUsers(sql: Sql): Promise<void> {
  const random = createRandom(20261121);
  const now = Date.now();
  const BATCH = 10_000;
  for (let start = 0; start < USERS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, USERS - start) }, (_, offset) => {
      const n = start + offset;
      const first = random.pick(FIRST_NAMES);
      return {
        telegramId: FIRST_ID + n * 7,
        firstName: first,
        lastName: random.chance(0.7) ? random.pick(LAST_NAMES) : null,
        username: random.chance(0.6) ? `${first.toLowerCase()}_${n}` : null,
        isActive: random.chance(0.9),
        totalRequests: random.int(0, 400),
        lastSeen: new Date(now - random.float(0, 365) * DAY_MS).toISOString(),
        createdAt: new Date(now - random.float(365, 700) * DAY_MS).toISOString(),
      };
    });
    const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((row) => row[key]);
    await sql`
      INSERT INTO telegram_users (telegram_id, first_name, last_name, username, is_active, total_requests, last_seen, created_at)
      SELECT * FROM unnest(${column('telegramId')}::bigint[], ${column('firstName')}::text[], ${column('lastName')}::text[],
        ${column('username')}::text[], ${column('isActive').map(String)}::text[]::boolean[], ${column('totalRequests')}::bigint[],
        ${column('lastSeen')}::timestamptz[], ${column('createdAt')}::timestamptz[])`;
    progress('bot users', start + rows.length, USERS);
  }
  await sql`ANALYZE telegram_users`;
}

async function main() {
  const database = await openBenchDatabase();
  const { sql } = database;
  console.log(`database: ${database.label}`);
  try {
    await runMigrations(sql);
    const generateStarted = performance.now();
    await generateUsers(sql);
    const generateMs = Math.round(performance.now() - generateStarted);
    console.log(`generated ${USERS.toLocaleString('en')} bot users in ${generateMs} ms`);

    const app = await buildBenchApp(sql);
    const token = await benchToken(app, sql);
    const results = await measureEndpoints(
      app,
      token,
      {
        firstPage: '/api/telegram-users',
        searchName: '/api/telegram-users?search=sophie',
        searchId: `/api/telegram-users?search=${FIRST_ID + 7 * 4321}`,
        inactive: '/api/telegram-users?status=inactive&page=3',
      },
      { requests: REQUESTS, concurrency: CONCURRENCY },
    );
    await app.close();

    await writeResults('users', {
      benchmark: 'GET /api/telegram-users (app.inject)',
      date: new Date().toISOString(),
      database: database.label.replace(/\/bench_[0-9a-f]+$/, ''),
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version },
      users: USERS,
      requestsPerCase: REQUESTS,
      concurrency: CONCURRENCY,
      targetP95Ms: TARGET_P95_MS,
      generateMs,
      cases: results,
      withinTarget: Object.values(results).every((result) => result.sequential.p95 < TARGET_P95_MS),
    });
  } finally {
    await database.close();
  }
}

await main();
