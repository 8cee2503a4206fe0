import t from 'tap';
import { spawnSync } from 'node:child_process';
import { childEnvWithoutCoverage } from '../helpers/child-env.js';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { PGlite } from '@electric-sql/pglite';
import { DataDirLockedError, startEmbeddedPostgres } from '../../sql/embedded.js';
import { openDatabase } from '../../sql/database.js';
import { databaseProber, probeDatabase } from '../../sql/availability.js';

/** The pid of a process that has exited, so no live process holds it. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

async function query<T extends object>(url: string, run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await run(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

t.test('the data folder is locked while the database runs', async (t) => {
  const dataDir = t.testdir();
  const first = await startEmbeddedPostgres({ dataDir });
  const lockFile = path.join(dataDir, 'medcontacts.lock');
  t.equal(readFileSync(lockFile, 'utf8'), String(process.pid), 'the lock file names this process');

  // Another process on the same folder: simulate it by a lock file naming a live pid other than ours.
  writeFileSync(lockFile, String(process.ppid));
  const error = await startEmbeddedPostgres({ dataDir }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  t.type(error, DataDirLockedError);
  t.equal((error as DataDirLockedError).dataDir, dataDir);
  t.equal(
    (error as Error).message,
    `The data folder ${dataDir} is in use by another process (pid ${process.ppid}). Stop that process first, or set DATA_DIR to another folder.`,
  );
  t.equal(readFileSync(lockFile, 'utf8'), String(process.ppid), 'the refused start leaves the lock alone');

  writeFileSync(lockFile, String(process.pid));
  await first.stop();
  t.notOk(existsSync(lockFile), 'stopping releases the lock');
});

t.test('a second start in another process is refused with a clear message', async (t) => {
  const dataDir = t.testdir();
  const first = await startEmbeddedPostgres({ dataDir });
  t.teardown(() => first.stop());
  const script = `
    import { startEmbeddedPostgres } from ${JSON.stringify(new URL('../../sql/embedded.ts', import.meta.url).href)};
    try { await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)} }); console.log('started'); process.exit(0); }
    catch (error) { console.log(error.name + ': ' + error.message); process.exit(3); }`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 60_000,
    env: childEnvWithoutCoverage(),
  });
  t.equal(child.status, 3, child.stderr);
  t.equal(
    child.stdout.trim(),
    `DataDirLockedError: The data folder ${dataDir} is in use by another process (pid ${process.pid}). Stop that process first, or set DATA_DIR to another folder.`,
  );
});

t.test('a lock left by a dead process is taken over', async (t) => {
  const dataDir = t.testdir({ 'medcontacts.lock': String(deadPid()) });
  const db = await startEmbeddedPostgres({ dataDir });
  t.equal(readFileSync(path.join(dataDir, 'medcontacts.lock'), 'utf8'), String(process.pid));
  await db.stop();
});

t.test('data persists across stop and start', async (t) => {
  const dataDir = t.testdir();
  const first = await startEmbeddedPostgres({ dataDir });
  await query(first.url, (sql) => sql`CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')`.simple());
  await first.stop();

  const second = await startEmbeddedPostgres({ dataDir });
  t.teardown(() => second.stop());
  const rows = await query(second.url, (sql) => sql<{ note: string }[]>`SELECT note FROM kept`);
  t.strictSame(rows.map((row) => row.note), ['still here']);
});

t.test('in memory (dataDir null) takes no lock and keeps nothing', async (t) => {
  const db = await startEmbeddedPostgres({ dataDir: null });
  const rows = await query(db.url, (sql) => sql<{ answer: number }[]>`SELECT 42 AS answer`);
  t.equal(rows[0]!.answer, 42);
  await db.stop();
});

t.test("a query's work runs on the database's own thread: the process's event loop goes on meanwhile", async (t) => {
  const db = await startEmbeddedPostgres({ dataDir: null });
  t.teardown(() => db.stop());
  let ticks = 0;
  const ticking = setInterval(() => (ticks += 1), 5);
  try {
    // About a second of PostgreSQL's work inside PGlite; on the process's thread it held every timer.
    const started = performance.now();
    const rows = await query(db.url, (sql) => sql<{ total: string }[]>`SELECT sum(i::bigint * i)::text AS total FROM generate_series(1, 3000000) AS i`);
    const busyMs = performance.now() - started;
    t.equal(rows[0]!.total, '9000004500000500000', 'the answer');
    t.ok(ticks >= Math.min(20, busyMs / 40), `the timer ran ${ticks} times during the ${Math.round(busyMs)} ms query`);
  } finally {
    clearInterval(ticking);
  }
});

t.test('a dump of the data folder comes back from the thread whole: PGlite opens it again', async (t) => {
  const db = await startEmbeddedPostgres({ dataDir: null });
  t.teardown(() => db.stop());
  await query(db.url, (sql) => sql`CREATE TABLE kept (note text); INSERT INTO kept VALUES ('in the dump')`.simple());
  const dump = await db.dumpDataDir();
  const restored = await PGlite.create({ loadDataDir: dump });
  t.teardown(() => restored.close());
  const { rows } = await restored.query<{ note: string }>('SELECT note FROM kept');
  t.strictSame(rows.map((row) => row.note), ['in the dump']);
});

t.test('a database that cannot start fails the start with its reason and leaves no lock', async (t) => {
  const dataDir = t.testdir({ pgdata: 'a file where the data folder belongs' });
  const error = await startEmbeddedPostgres({ dataDir }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  t.type(error, Error);
  t.equal((error as Error).message, `The embedded database could not start on ${path.join(dataDir, 'pgdata')}: {"name":"ErrnoError","errno":54}`);
  t.notOk(existsSync(path.join(dataDir, 'medcontacts.lock')), 'the lock is released');
});

t.test('a busy embedded database is reachable: its probe does not wait behind the statements queued on its one session', async (t) => {
  const database = await openDatabase({ dataDir: null });
  const queued = Array.from({ length: 40 }, () => database.sql`SELECT sum(i::bigint) FROM generate_series(1, 300000) AS i`.execute());
  t.same(await probeDatabase(database.sql, 1000), { reachable: false, reason: 'timeout' }, 'SELECT 1 waits behind them all');
  const probe = databaseProber(database);
  t.same(await probe(1000), { reachable: true }, "the database's thread answers between two of them");
  await Promise.all(queued);
  await database.close();
  t.match(await probe(300), { reachable: false, reason: /^embedded database stopped/ }, 'once stopped, it is not');
});
