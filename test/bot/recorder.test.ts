import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import t, { type Test } from 'tap';
import { createRecorder } from '../../bot/updates/recorder.js';
import { writeBatchOnce } from '../../sql/processed-updates.js';
import { upsertTelegramUser } from '../../sql/bot-users.js';
import { insertBotLogs } from '../../sql/bot-logs.js';
import type { Sql } from '../../sql/database.js';
import { aBotLog } from '../helpers/bot-logs.js';
import { aProxiedDatabase } from '../helpers/proxied-database.js';
import { createTestClock } from '../helpers/clock.js';
import { until } from '../helpers/wait.js';

// The recorder reaches the database through a proxy the test cuts; the test checks through a direct connection.
const { direct, proxied, proxy } = await aProxiedDatabase(t);

const USER = 880_001;
await upsertTelegramUser(direct.sql, { telegramId: USER, firstName: 'Rec', lastName: null, username: null, languageCode: null }, new Date());

/** A log row this test can count, by its message. */
const row = (label: string) => aBotLog({ message: label, userId: USER, chatId: USER });
const rowsLabelled = async (prefix: string) =>
  (await direct.sql<{ message: string }[]>`SELECT message FROM bot_logs WHERE message LIKE ${`${prefix}%`} ORDER BY id`).map((r) => r.message);
const totalRequests = async () => (await direct.sql<{ totalRequests: number }[]>`SELECT total_requests FROM telegram_users WHERE telegram_id = ${USER}`)[0]!.totalRequests;

async function spillFolder(t: Test): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'medcontacts-recorder-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  return path.join(dir, 'unwritten-bot-logs');
}
const filesIn = (dir: string) => readdir(dir).catch(() => [] as string[]);

t.test('batches the database cannot take are kept (the oldest in a file past the bound) and written once, with their counts, when it is back', async (t) => {
  const spillDir = await spillFolder(t);
  const errors: unknown[] = [];
  const recorder = createRecorder({ sql: proxied.sql, flushIntervalMs: 600_000, maxUnwrittenRows: 5, spillDir, onError: (error) => errors.push(error) });
  t.teardown(() => recorder.close());
  const before = await totalRequests();

  await proxy.refuse();
  for (const n of [1, 2, 3]) {
    recorder.log(row(`kept ${n}`));
    recorder.requestAnswered(USER);
  }
  await recorder.flush();
  t.same(await filesIn(spillDir), [], 'within the bound the failed batch stays in memory');
  for (const n of [4, 5, 6, 7]) recorder.log(row(`kept ${n}`));
  await recorder.flush();
  t.equal((await filesIn(spillDir)).length, 1, 'past the bound the oldest batch went to a file');
  t.same(await rowsLabelled('kept'), [], 'nothing written while the database is away');

  await proxy.restore();
  await recorder.flush();
  t.same(await rowsLabelled('kept'), ['kept 1', 'kept 2', 'kept 3', 'kept 4', 'kept 5', 'kept 6', 'kept 7'], 'every row, in order');
  t.equal(await totalRequests(), before + 3, 'the counts of the kept batch too');
  t.same(await filesIn(spillDir), [], 'the file is gone once written');
  await recorder.flush();
  t.equal((await rowsLabelled('kept')).length, 7, 'a later flush writes nothing twice');
  t.same(errors, []);
});

t.test('a batch still unwritten at shutdown waits in its file for the next start', async (t) => {
  const spillDir = await spillFolder(t);
  await proxy.refuse();
  const stopping = createRecorder({ sql: proxied.sql, flushIntervalMs: 600_000, spillDir });
  stopping.log(row('shutdown 1'));
  stopping.log(row('shutdown 2'));
  await stopping.close();
  t.equal((await filesIn(spillDir)).length, 1);
  await proxy.restore();

  const next = createRecorder({ sql: proxied.sql, flushIntervalMs: 600_000, spillDir });
  t.teardown(() => next.close());
  await next.flush();
  t.same(await rowsLabelled('shutdown'), ['shutdown 1', 'shutdown 2']);
  t.same(await filesIn(spillDir), []);
});

t.test('pendingRows counts the rows not written yet: buffered, kept while the database is away, spilled, and after a restart', async (t) => {
  const spillDir = await spillFolder(t);
  await proxy.refuse();
  const stopping = createRecorder({ sql: proxied.sql, flushIntervalMs: 600_000, spillDir });
  for (const n of [1, 2, 3]) stopping.log(row(`pending ${n}`));
  t.equal(stopping.pendingRows(), 3, 'buffered');
  await stopping.flush();
  t.equal(stopping.pendingRows(), 3, 'kept in memory while the database is away');
  stopping.log(row('pending 4'));
  await stopping.close();
  t.equal(stopping.pendingRows(), 4, 'spilled at shutdown');
  await proxy.restore();

  const next = createRecorder({ sql: proxied.sql, flushIntervalMs: 600_000, spillDir });
  t.teardown(() => next.close());
  t.equal(next.pendingRows(), 4, 'the next start counts the spilled rows before it writes them');
  await next.flush();
  t.equal(next.pendingRows(), 0);
  t.same(await rowsLabelled('pending '), ['pending 1', 'pending 2', 'pending 3', 'pending 4']);
});

t.test('without a data folder the backlog stays in memory, bounded: the oldest batch is given up and reported', async (t) => {
  const errors: Error[] = [];
  const recorder = createRecorder({ sql: proxied.sql, flushIntervalMs: 600_000, maxUnwrittenRows: 2, onError: (error) => errors.push(error as Error) });
  t.teardown(() => recorder.close());
  await proxy.refuse();
  recorder.log(row('memory 1'));
  recorder.log(row('memory 2'));
  await recorder.flush();
  recorder.log(row('memory 3'));
  await recorder.flush();
  await proxy.restore();
  await recorder.flush();
  t.same(await rowsLabelled('memory'), ['memory 3']);
  t.match(errors, [{ message: /2 bot log rows were given up/ }]);
});

t.test('a batch written again after its commit went unseen is written once', async (t) => {
  const write = (tx: Sql) => insertBotLogs(tx, [row('once')]);
  t.equal(await writeBatchOnce(direct.sql, '4f1c4b1e-0000-4000-8000-000000000001', write), true);
  t.equal(await writeBatchOnce(direct.sql, '4f1c4b1e-0000-4000-8000-000000000001', write), false);
  t.same(await rowsLabelled('once'), ['once']);
});

t.test('a spilled file that cannot be read is reported and set aside; the rest is written', async (t) => {
  const spillDir = await spillFolder(t);
  await mkdir(spillDir, { recursive: true });
  await writeFile(path.join(spillDir, '000000000000001-000000-broken.json'), '{"id": "cut off mid-wri');
  const errors: Error[] = [];
  const recorder = createRecorder({ sql: proxied.sql, flushIntervalMs: 600_000, spillDir, onError: (error) => errors.push(error as Error) });
  t.teardown(() => recorder.close());
  recorder.log(row('after broken'));
  await recorder.flush();
  t.same(await rowsLabelled('after broken'), ['after broken']);
  t.match(errors, [{ message: /Could not read the unwritten bot log batch .*broken\.json/ }]);
  t.same(await filesIn(spillDir), ['000000000000001-000000-broken.json.unreadable']);
});

t.test('a daily request the database could not give back is given back with the next batch it takes', async (t) => {
  await direct.sql`INSERT INTO daily_usage (telegram_id, usage_date, used) VALUES (${USER}, '2026-11-21', 2)`;
  const recorder = createRecorder({ sql: proxied.sql, flushIntervalMs: 600_000 });
  t.teardown(() => recorder.close());
  await proxy.refuse();
  recorder.refundLater(USER, '2026-11-21');
  await recorder.flush();
  await proxy.restore();
  await recorder.flush();
  const [usage] = await direct.sql<{ used: number }[]>`SELECT used FROM daily_usage WHERE telegram_id = ${USER} AND usage_date = '2026-11-21'`;
  t.same(usage, { used: 1 });
});

t.test('rows logged while a write is under way go together in the next write, up to maxWriteRows, in order', async (t) => {
  const recorder = createRecorder({ sql: direct.sql, flushIntervalMs: 600_000, maxBatch: 100, maxWriteRows: 1000 });
  const [before] = await direct.sql<{ batches: number }[]>`SELECT count(*)::int AS batches FROM written_log_batches`;
  // Logged in one go: the first write takes 1,000 rows, the rest follow 1,000 at a time, not 100.
  for (let index = 0; index < 2500; index += 1) recorder.log(row(`grouped ${String(index).padStart(4, '0')}`));
  await recorder.close();
  const written = await rowsLabelled('grouped ');
  t.equal(written.length, 2500, 'every row is written, close() included');
  t.strictSame(written, [...written].sort(), 'in the order they were logged');
  const [after] = await direct.sql<{ batches: number }[]>`SELECT count(*)::int AS batches FROM written_log_batches`;
  t.equal(after!.batches - before!.batches, 3, 'in three transactions');
});

t.test('what is buffered is written when the flush interval has passed, by the timer, not before', async (t) => {
  const clock = createTestClock();
  const recorder = createRecorder({ sql: direct.sql, flushIntervalMs: 600_000, clock });
  t.teardown(() => recorder.close());
  recorder.log(row('on the timer'));
  clock.advance(599_999);
  t.strictSame(await rowsLabelled('on the timer'), [], 'not before the interval');
  clock.advance(1);
  await until(async () => (await rowsLabelled('on the timer')).length > 0, 'the timer to write the row');
  t.strictSame(await rowsLabelled('on the timer'), ['on the timer']);
});
