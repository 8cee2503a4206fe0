import t from 'tap';
import { insertBotLogs } from '../../sql/bot-logs.js';
import { addLogPartitions } from '../../sql/log-partitions.js';
import { aBotLog } from '../helpers/bot-logs.js';
import { createTestDatabase } from '../helpers/database.js';

const db = await createTestDatabase();
t.teardown(() => db.close());
const { sql } = db;

const ROWS = 20_000;
const SEARCHED = 'Failed to answer text ETIMEDOUT';

async function statisticsOf(): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE i.inhparent = 'bot_logs'::regclass
      AND EXISTS (SELECT FROM pg_statistic_ext s WHERE s.stxrelid = c.oid AND s.stxname = c.relname || '_level_text_stats')
    ORDER BY 1`;
  return rows.map((row) => row.name);
}

async function partitions(): Promise<string[]> {
  const rows = await sql<{ name: string }[]>`
    SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'bot_logs'::regclass ORDER BY 1`;
  return rows.map((row) => row.name);
}

t.test('every month of bot_logs has statistics of level and text together, a month added later too', async (t) => {
  t.strictSame(await statisticsOf(), await partitions(), 'each partition the migrations made');
  t.equal(await addLogPartitions(sql, new Date('2031-01-10T00:00:00Z'), new Date('2031-02-10T00:00:00Z')), 2);
  t.ok((await statisticsOf()).includes('bot_logs_2031_02'), 'a month made by the partition job');
  t.strictSame(await statisticsOf(), await partitions(), 'still each partition');
});

t.test('the planner expects as many errors of a text as there are, when the text always comes with that level', async (t) => {
  await addLogPartitions(sql, new Date('2026-11-01T00:00:00Z'), new Date('2026-11-30T00:00:00Z'));
  // One row in ten an error, half of those timeouts; the other rows spread over a hundred other texts.
  const logs = Array.from({ length: ROWS }, (_, index) =>
    index % 10 === 0
      ? aBotLog({ level: 'ERROR', message: 'Failed to answer', command: 'text', errorMessage: index % 20 === 0 ? 'ETIMEDOUT' : `HTTP ${index % 7}` })
      : aBotLog({ message: `Answered with ${index % 100} contacts`, command: 'location' }),
  );
  await insertBotLogs(sql, logs);
  await sql`ANALYZE bot_logs_2026_11`;
  const [text] = await sql<{ id: number }[]>`SELECT id FROM bot_log_texts WHERE search_text = lower(${SEARCHED})`;
  const explained = await sql.unsafe<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[]>(
    `EXPLAIN (FORMAT JSON) SELECT id FROM bot_logs_2026_11 WHERE level = 'ERROR' AND text_id = ANY ('{${text!.id}}'::bigint[])`,
  );
  const estimated = explained[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
  const actual = logs.filter((log) => log.errorMessage === 'ETIMEDOUT').length;
  t.ok(estimated >= actual / 2 && estimated <= actual * 2, `estimated ${estimated} rows, ${actual} there`);
});
