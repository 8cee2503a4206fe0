import t from 'tap';
import type { NewBotLog } from '../../sql/bot-logs.js';
import { runMigrations } from '../../sql/migrate.js';
import { rollUpLogs } from '../../sql/log-rollups.js';
import { aBotLog, insertLogs, insertLogsBefore041, beforeLanguages } from '../helpers/bot-logs.js';
import { seededRandom } from '../helpers/contacts.js';
import { createTestDatabase, runMigrationsBefore } from '../helpers/database.js';

// The per-region roll-ups of migration 027 (log_hourly_regions, log_daily_region_durations): the
// migration fills them from the rows already rolled up, the roll-up job adds the rest, and either
// way they hold what one run over all the rows would.
const REGION_ROLLUPS = '027_log_region_rollups.sql';

const PLACES = [
  { country: 'United Kingdom', region: 'England', city: 'London' },
  { country: 'United Kingdom', region: 'Scotland', city: 'Edinburgh' },
  { country: 'France', region: 'Île-de-France', city: 'Paris' },
  { country: 'Monaco', region: null, city: 'Monaco' },
  { country: null, region: null, city: null },
];

function someLogs(count: number, seed: number): NewBotLog[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () =>
    aBotLog({
      createdAt: new Date(Date.parse('2026-11-01T00:00:00Z') + Math.floor(random() * 20 * 24 * 60) * 60_000),
      level: random() < 0.2 ? 'ERROR' : 'INFO',
      durationMs: random() < 0.1 ? null : Math.floor(random() * 5000),
      ...PLACES[Math.floor(random() * PLACES.length)]!,
    }),
  );
}

const db = await createTestDatabase({ migrate: false });
t.teardown(() => db.close());
const { sql } = db;

/** Both tables' rows in key order. */
async function regionRollups() {
  return {
    hourly: [...(await sql`SELECT * FROM log_hourly_regions ORDER BY hour, country, region`)],
    durations: [...(await sql`SELECT * FROM log_daily_region_durations ORDER BY day, country, region, bucket`)],
  };
}

/** The same, computed from the raw rows with ids up to `upTo`. */
async function expectedRollups(upTo: number) {
  const placed = sql`bot_logs WHERE id <= ${upTo} AND (coalesce(country, '') || coalesce(region, '') || coalesce(city, '')) <> ''`;
  return {
    hourly: [
      ...(await sql`
        SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS hour, coalesce(country, '') AS country, coalesce(region, '') AS region,
          count(*)::int AS requests, count(*) FILTER (WHERE level = 'ERROR')::int AS error_count,
          count(duration_ms)::int AS duration_count, coalesce(sum(duration_ms), 0)::bigint AS duration_sum
        FROM ${placed} GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
    ],
    durations: [
      ...(await sql`
        SELECT (created_at AT TIME ZONE 'UTC')::date AS day, coalesce(country, '') AS country, coalesce(region, '') AS region,
          log_duration_bucket(duration_ms) AS bucket, count(*)::int AS logs
        FROM ${placed} AND duration_ms IS NOT NULL GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`),
    ],
  };
}

t.test('the migration fills the region roll-ups from the rows rolled up before it', async (t) => {
  // Every migration before 027, as a database that ran an earlier version would have them.
  await runMigrationsBefore(sql, REGION_ROLLUPS);
  const logs = await beforeLanguages(sql, () => insertLogsBefore041(sql, someLogs(400, 3)));
  // The earlier roll-up had reached the 300th row; the rest waits for the next run.
  await sql`UPDATE log_rollup_state SET last_log_id = ${logs[299]!.id}`;

  t.ok((await runMigrations(sql)).includes(REGION_ROLLUPS), 'migration 027 applies');
  t.strictSame(await regionRollups(), await expectedRollups(logs[299]!.id), 'exactly the rows below the watermark');

  t.equal((await rollUpLogs(sql)).logsRolledUp, 100, 'the next run adds the rest');
  t.strictSame(await regionRollups(), await expectedRollups(logs.at(-1)!.id), 'and then every row is in');
});

t.test('incremental and chunked runs hold what one run over all the rows holds', async (t) => {
  const more = await insertLogs(sql, someLogs(500, 5));
  const runs = await Promise.all([rollUpLogs(sql, { chunkIds: 120 }), rollUpLogs(sql, { chunkIds: 120 })]);
  t.equal(runs[0].logsRolledUp + runs[1].logsRolledUp, 500, 'two overlapping runs add the new rows once between them');
  const incremental = await regionRollups();
  t.strictSame(incremental, await expectedRollups(more.at(-1)!.id), 'the raw rows, every one counted once');

  await sql`TRUNCATE log_hourly_totals, log_daily_totals, log_daily_durations, log_daily_locations, log_daily_users,
    log_monthly_users, log_hourly_regions, log_daily_region_durations`;
  await sql`UPDATE log_rollup_state SET last_log_id = 0`;
  await rollUpLogs(sql);
  t.strictSame(await regionRollups(), incremental, 'one run from scratch holds the same');
});
