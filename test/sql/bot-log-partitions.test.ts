import t from 'tap';
import { levelCountsSnapshot, listBotLogs, type LogLevel } from '../../sql/bot-logs.js';
import type { Sql } from '../../sql/database.js';
import { addLogPartitions, dropExpiredLogPartitions } from '../../sql/log-partitions.js';
import { applyLogRetention } from '../../sql/log-retention.js';
import { rollUpLogs } from '../../sql/log-rollups.js';
import { runMigrations } from '../../sql/migrate.js';
import { updateSystemSettings } from '../../sql/settings.js';
import { aBotLog, insertLogs, insertLogsBefore041, beforeLanguages } from '../helpers/bot-logs.js';
import { createTestDatabase, runMigrationsBefore } from '../helpers/database.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const LEVELS: LogLevel[] = ['DEBUG', 'INFO', 'WARN', 'ERROR'];

/** The partitions of bot_logs, oldest first, the default one last. */
async function partitions(sql: Sql): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'bot_logs'::regclass ORDER BY c.relname = 'bot_logs_default', c.relname`;
  return rows.map((row) => row.name);
}

/** The per-level counters next to what a count of the rows says. */
async function levelCounts(sql: Sql): Promise<{ kept: Record<string, number>; counted: Record<string, number> }> {
  const kept = await sql<{ level: string; count: number }[]>`SELECT level, count::int AS count FROM bot_log_level_counts`;
  const counted = await sql<{ level: string; count: number }[]>`SELECT level, count(*)::int AS count FROM bot_logs GROUP BY level`;
  const byLevel = (rows: { level: string; count: number }[]) =>
    Object.fromEntries(LEVELS.map((level) => [level, rows.find((row) => row.level === level)?.count ?? 0]));
  return { kept: byLevel(kept), counted: byLevel(counted) };
}

/** Log rows spread evenly over [from, to), cycling through the levels. */
function logsBetween(from: number, to: number, count: number) {
  return Array.from({ length: count }, (_, index) =>
    aBotLog({
      createdAt: new Date(from + Math.floor(((to - from) * index) / count)),
      level: LEVELS[index % LEVELS.length]!,
      message: index % 10 === 0 ? `Searched for Timbuktu ${index}` : `Answered ${index}`,
      userId: 5000 + (index % 7),
    }),
  );
}

t.test('migration 028 moves an existing bot_logs with its rows into monthly partitions', async (t) => {
  const db = await createTestDatabase({ migrate: false });
  t.teardown(() => db.close());
  const { sql } = db;
  // The schema as it was before: every migration up to 027.
  await runMigrationsBefore(sql, '028');
  const now = Date.now();
  await beforeLanguages(sql, async () => {
    await insertLogsBefore041(sql, logsBetween(now - 70 * DAY_MS, now, 400));
    // The newest id is gone: the sequence, not max(id), says where ids go on.
    await sql`DELETE FROM bot_logs WHERE id = (SELECT max(id) FROM bot_logs)`;
    await rollUpLogs(sql);
  });
  const rowsBefore = await sql`SELECT * FROM bot_logs ORDER BY id`;
  const countsBefore = await levelCounts(sql);
  const [watermark] = await sql<{ lastLogId: number }[]>`SELECT last_log_id FROM log_rollup_state`;

  t.equal((await runMigrations(sql))[0], '028_bot_logs_partitioned.sql', '028 is the first migration left to run');

  const [kind] = await sql<{ kind: string }[]>`SELECT relkind AS kind FROM pg_class WHERE oid = 'bot_logs'::regclass`;
  t.equal(kind!.kind, 'p', 'bot_logs is partitioned');
  const names = await partitions(sql);
  t.ok(names.length >= 4, `one partition per month from the oldest row to next month, and the default: ${names.join(', ')}`);
  t.equal(names.at(-1), 'bot_logs_default');
  // Later migrations add columns (031: language, null for these rows): the columns there were keep their values.
  const rowsAfter = await sql<Record<string, unknown>[]>`SELECT * FROM bot_logs ORDER BY id`;
  t.strictSame(rowsAfter.map((row) => Object.fromEntries(Object.keys(rowsBefore[0]!).map((column) => [column, row[column]]))), [...rowsBefore], 'the same rows with the same ids');
  t.equal((await sql`SELECT FROM bot_logs_default`).length, 0, 'every row is in its month');
  t.strictSame(await levelCounts(sql), countsBefore, 'the per-level counts are unchanged');
  const [watermarkAfter] = await sql<{ lastLogId: number }[]>`SELECT last_log_id FROM log_rollup_state`;
  t.equal(watermarkAfter!.lastLogId, watermark!.lastLogId, 'the roll-up watermark still points at the same rows');

  const indexes = await sql<{ name: string }[]>`
    SELECT indexname AS name FROM pg_indexes WHERE tablename = ${names[0]!} ORDER BY indexname`;
  t.equal(indexes.length, 6, `each partition has the primary key and the five search indexes: ${indexes.map((row) => row.name).join(', ')}`);

  const snapshot = await levelCountsSnapshot(sql, 'all');
  t.equal(snapshot.newestId, 399);
  t.equal(snapshot.counts.total, 399);
  const found = await listBotLogs(sql, { level: 'all', search: 'timbuktu' }, { newestId: snapshot.newestId, limit: 100 });
  t.equal(found.items.length, 40, 'the text search finds its rows in every partition');
  t.ok(found.items.every((item, index) => index === 0 || item.id < found.items[index - 1]!.id), 'newest first, by id');

  const [next] = await insertLogs(sql, [aBotLog({ createdAt: new Date(), level: 'ERROR' })]);
  t.equal(next!.id, 401, 'the next row takes the next id of the old sequence');
  const after = await levelCounts(sql);
  t.equal(after.kept.ERROR, countsBefore.kept.ERROR! + 1, 'and is counted');
  t.strictSame(after.kept, after.counted);
  t.strictSame(await rollUpLogs(sql), { logsRolledUp: 1, lastLogId: 401 }, 'the roll-ups go on from their watermark');
});

t.test('partitions are made ahead, and rows of a month without one wait in the default partition until it is made', async (t) => {
  const db = await createTestDatabase();
  t.teardown(() => db.close());
  const { sql } = db;
  const now = new Date();
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15));
  const monthName = (at: Date) => `bot_logs_${at.getUTCFullYear()}_${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  t.ok((await partitions(sql)).includes(monthName(nextMonth)), 'the migration made next month\'s partition');

  const longAgo = new Date(Date.UTC(now.getUTCFullYear() - 2, 3, 10));
  await insertLogs(sql, logsBetween(longAgo.getTime(), longAgo.getTime() + DAY_MS, 8));
  t.equal((await sql`SELECT FROM bot_logs_default`).length, 8, 'a month with no partition does not fail the insert');

  const inTwoMonths = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1));
  t.equal(await addLogPartitions(sql, now, inTwoMonths), 2, 'the month of the waiting rows and the month after next');
  const names = await partitions(sql);
  t.ok(names.includes(monthName(longAgo)) && names.includes(monthName(inTwoMonths)));
  t.equal((await sql`SELECT FROM bot_logs_default`).length, 0, 'the waiting rows moved to their month');
  t.equal((await sql`SELECT FROM ${sql(monthName(longAgo))}`).length, 8);
  const counts = await levelCounts(sql);
  t.strictSame(counts.kept, counts.counted, 'moving rows between partitions leaves the counts right');
  t.equal(await addLogPartitions(sql, now, inTwoMonths), 0, 'a second call makes nothing');
});

t.test('retention drops the partitions wholly past the cutoff, deletes the older rows of the month it cuts, and keeps the roll-ups', async (t) => {
  const db = await createTestDatabase();
  t.teardown(() => db.close());
  const { sql } = db;
  const now = new Date();
  const startOfMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  // Four whole months before this one, then up to now.
  const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 4, 1);
  await addLogPartitions(sql, new Date(from), now);
  await insertLogs(sql, logsBetween(from, now.getTime(), 1200));
  await rollUpLogs(sql);
  const [totals] = await sql<{ requests: number }[]>`SELECT sum(requests)::int AS requests FROM log_daily_totals`;

  // A late row of an old month, not rolled up yet: its partition stays until the roll-ups hold it.
  const twoMonthsAgo = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 10);
  await insertLogs(sql, [aBotLog({ createdAt: new Date(twoMonthsAgo) })]);
  const cutoff = new Date(startOfMonth - 45 * DAY_MS);
  const dropped = await dropExpiredLogPartitions(sql, cutoff);
  const oldestKept = (await sql<{ at: Date }[]>`SELECT min(created_at) AS at FROM bot_logs`)[0]!.at;
  t.ok(dropped.partitions >= 1, `${dropped.partitions} partitions dropped, ${dropped.rows} rows`);
  t.ok(oldestKept.getTime() <= twoMonthsAgo, 'the partition with a row not rolled up yet is kept');
  let counts = await levelCounts(sql);
  t.strictSame(counts.kept, counts.counted, 'the per-level counts lost what the dropped partitions held');

  await updateSystemSettings(sql, { logRetentionDays: 20 });
  const rowsBefore = (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM bot_logs`)[0]!.n;
  const newerRows = (await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM bot_logs WHERE created_at >= ${new Date(now.getTime() - 20 * DAY_MS)}`)[0]!.n;
  const result = await applyLogRetention(sql, now);
  t.ok(result.partitionsDropped >= 1, `the daily job dropped ${result.partitionsDropped} more partitions`);
  t.equal(result.deleted, rowsBefore - newerRows, 'whole partitions and row deletes together take every row past retention');
  const [left] = await sql<{ n: number; oldest: Date }[]>`SELECT count(*)::int AS n, min(created_at) AS oldest FROM bot_logs`;
  t.equal(left!.n, newerRows, 'the newer rows are all kept');
  t.ok(left!.oldest.getTime() >= now.getTime() - 20 * DAY_MS, 'no row older than the retention is left');
  counts = await levelCounts(sql);
  t.strictSame(counts.kept, counts.counted, 'the per-level counts match the rows left');
  const [totalsAfter] = await sql<{ requests: number }[]>`SELECT sum(requests)::int AS requests FROM log_daily_totals`;
  t.equal(totalsAfter!.requests, totals!.requests + 1, 'the roll-ups keep the dropped months');
  const monthAhead = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  t.ok((await partitions(sql)).includes(`bot_logs_${monthAhead.getUTCFullYear()}_${String(monthAhead.getUTCMonth() + 1).padStart(2, '0')}`), 'next month\'s partition exists');
});
