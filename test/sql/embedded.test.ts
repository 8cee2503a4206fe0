import t, { type Test } from 'tap';
import { Worker } from 'node:worker_threads';
import { spawnSync } from 'node:child_process';
import { childEnvWithoutCoverage, LOAD_TYPESCRIPT } from '../helpers/child-env.js';
import { until } from '../helpers/wait.js';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tmpdir } from 'node:os';
import postgres from 'postgres';
import { PGlite } from '@electric-sql/pglite';
import { DataDirLockedError, startEmbeddedPostgres, type EmbeddedPostgres } from '../../sql/embedded.js';
import { openDatabase } from '../../sql/database.js';
import { databaseProber, probeDatabase } from '../../sql/availability.js';

/** The pid of a process that has exited, so no live process holds it. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

async function query<T extends object>(db: EmbeddedPostgres, run: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres({ path: db.socketPath, user: 'postgres', database: 'postgres', max: 1, onnotice: () => {} });
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
  const child = spawnSync(process.execPath, [...LOAD_TYPESCRIPT, '--input-type=module', '-e', script], {
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
  await query(first, (sql) => sql`CREATE TABLE kept (note text); INSERT INTO kept VALUES ('still here')`.simple());
  await first.stop();

  const second = await startEmbeddedPostgres({ dataDir });
  t.teardown(() => second.stop());
  const rows = await query(second, (sql) => sql<{ note: string }[]>`SELECT note FROM kept`);
  t.strictSame(rows.map((row) => row.note), ['still here']);
});

t.test('in memory (dataDir null) takes no lock and keeps nothing', async (t) => {
  const db = await startEmbeddedPostgres({ dataDir: null });
  const rows = await query(db, (sql) => sql<{ answer: number }[]>`SELECT 42 AS answer`);
  t.equal(rows[0]!.answer, 42);
  await db.stop();
});

t.test("a query's work runs on the database's own thread: the process's event loop goes on meanwhile", async (t) => {
  const db = await startEmbeddedPostgres({ dataDir: null });
  t.teardown(() => db.stop());
  const rows = await query(db, async (sql) => {
    // Connected first, so the heavy query reaches the database within a turn or two.
    await sql`SELECT 1`;
    let answered = false;
    const heavy = sql<{ total: string }[]>`SELECT sum(i::bigint * i)::text AS total FROM generate_series(1, 3000000) AS i`.then((result) => {
      answered = true;
      return result;
    });
    // About a second of PostgreSQL's work inside PGlite: on the process's thread it would hold the event loop,
    // and its answer would come before these turns were through.
    for (let turn = 0; turn < 50; turn++) await new Promise((resolve) => setImmediate(resolve));
    t.equal(answered, false, 'the event loop turned 50 times while the query ran');
    return heavy;
  });
  t.equal(rows[0]!.total, '9000004500000500000', 'the answer');
});

t.test('a dump of the data folder comes back from the thread whole: PGlite opens it again', async (t) => {
  const db = await startEmbeddedPostgres({ dataDir: null });
  t.teardown(() => db.stop());
  await query(db, (sql) => sql`CREATE TABLE kept (note text); INSERT INTO kept VALUES ('in the dump')`.simple());
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

t.test('the database listens only on a Unix socket in a folder its own user alone may enter: it asks no password', async (t) => {
  // A short data folder, as /data in the image; the test's own folder is too long for a socket's path.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'data-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  mkdirSync(path.join(dataDir, 'pgsocket'));
  writeFileSync(path.join(dataDir, 'pgsocket', '.s.PGSQL.5432'), 'left by a process killed with -9');
  const longDataDir = t.testdir();
  t.ok(path.join(longDataDir, 'pgsocket', '.s.PGSQL.5432').length > 100, 'the long folder is too long for a socket');
  const onDisk = await startEmbeddedPostgres({ dataDir });
  const inLongFolder = await startEmbeddedPostgres({ dataDir: longDataDir });
  const inMemory = await startEmbeddedPostgres({ dataDir: null });
  t.equal(path.dirname(onDisk.socketPath), path.join(dataDir, 'pgsocket'), 'beside pgdata: a container with a read-only root writes only in the data folder');
  for (const db of [inLongFolder, inMemory]) {
    t.equal(path.dirname(path.dirname(db.socketPath)), tmpdir(), 'otherwise in a folder of its own under the temporary folder');
  }
  for (const db of [onDisk, inLongFolder, inMemory]) {
    const socketDir = path.dirname(db.socketPath);
    t.equal(statSync(socketDir).mode & 0o777, 0o700, 'the folder is private');
    t.ok(statSync(db.socketPath).isSocket(), 'the socket is in it');
    const rows = await query(db, (sql) => sql<{ address: string | null }[]>`SELECT inet_server_addr()::text AS address`);
    t.equal(rows[0]!.address, null, 'the connection is not over TCP');
    await db.stop();
    t.notOk(existsSync(socketDir), 'stopping removes the folder');
  }
});

t.test('a thread that ends unasked starts again on its data folder, with everything committed before', async (t) => {
  const dataDir = t.testdir();
  const database = await openDatabase({ dataDir });
  t.teardown(() => database.close());
  await database.sql`CREATE TABLE kept (note text)`;
  await database.sql`INSERT INTO kept VALUES ('before')`;
  const thread = await workerPostedTo(() => database.ping!());
  const errors = captureConsoleErrors(t);
  await thread.terminate();

  const probe = databaseProber(database);
  t.match(await probe(300), { reachable: false, reason: 'embedded database starting again' }, 'unreachable while it starts again');
  const rows = await eventually(() => database.sql<{ note: string }[]>`SELECT note FROM kept`);
  t.strictSame(rows.map((row) => row.note), ['before'], 'the same pool reaches it again, with its rows');
  await database.sql`INSERT INTO kept VALUES ('after')`;
  t.same(await probe(1000), { reachable: true });
  t.equal(readFileSync(path.join(dataDir, 'medcontacts.lock'), 'utf8'), String(process.pid), 'the process still holds the folder');
  t.match(errors, [/embedded database stopped \(exit code 1\)/, 'The embedded database started again after its thread ended.']);

  await database.close();
  const reopened = await openDatabase({ dataDir });
  t.teardown(() => reopened.close());
  const after = await reopened.sql<{ note: string }[]>`SELECT note FROM kept ORDER BY note DESC`;
  t.strictSame(after.map((row) => row.note), ['before', 'after'], 'and what it wrote after the restart is kept too');
});

t.test('a new database starts from a dumped data folder, and starts again on its own folder after its thread ends', async (t) => {
  const source = await openDatabase({ dataDir: null });
  await source.sql`CREATE TABLE kept (note text)`;
  await source.sql`INSERT INTO kept VALUES ('in the dump')`;
  const dir = t.testdir();
  const dumpFile = path.join(dir, 'dump.tar.gz');
  writeFileSync(dumpFile, Buffer.from(await (await source.dumpDataDir!()).arrayBuffer()));
  await source.close();

  const inMemory = await openDatabase({ dataDir: null, loadDataDir: dumpFile });
  t.teardown(() => inMemory.close());
  t.strictSame((await inMemory.sql<{ note: string }[]>`SELECT note FROM kept`).map((row) => row.note), ['in the dump'], 'in memory');

  const database = await openDatabase({ dataDir: path.join(dir, 'data'), loadDataDir: dumpFile });
  t.teardown(() => database.close());
  await database.sql`INSERT INTO kept VALUES ('after it')`;
  const thread = await workerPostedTo(() => database.ping!());
  const errors = captureConsoleErrors(t);
  await thread.terminate();
  const rows = await eventually(() => database.sql<{ note: string }[]>`SELECT note FROM kept ORDER BY note DESC`);
  t.strictSame(rows.map((row) => row.note), ['in the dump', 'after it'], 'in a folder, which the restarted thread opens rather than loading the dump over it');
  t.match(errors, [/embedded database stopped \(exit code 1\)/, 'The embedded database started again after its thread ended.']);
});

t.test('in memory a thread that ends is not started again: there is nothing to start from', async (t) => {
  const database = await openDatabase({ dataDir: null });
  const thread = await workerPostedTo(() => database.ping!());
  const errors = captureConsoleErrors(t);
  await thread.terminate();
  t.match(await databaseProber(database)(300), { reachable: false, reason: /^embedded database stopped/ });
  t.equal(errors.length, 1, 'the end is reported once');
  await database.close();
});

/** The worker thread `send` posts a message to: the database's thread, which a test may end as a crash would. */
async function workerPostedTo(send: () => Promise<unknown>): Promise<Worker> {
  const post = Worker.prototype.postMessage;
  const posted: Worker[] = [];
  Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
    posted.push(this);
    return post.apply(this, args);
  };
  try {
    await send();
  } finally {
    Worker.prototype.postMessage = post;
  }
  return posted[0]!;
}

/** What the database reports on the console (console.error) from now until the test ends, as text. */
function captureConsoleErrors(t: Test): string[] {
  const errors: string[] = [];
  const original = console.error;
  console.error = (message: unknown) => errors.push(message instanceof Error ? message.message : String(message));
  t.teardown(() => {
    console.error = original;
  });
  return errors;
}

/** `read`'s result once it stops failing (the pool retries a lost server's connections), within 20 s. */
async function eventually<T>(read: () => Promise<T>): Promise<T> {
  let result: { value: T } | undefined;
  await until(
    () => read().then((value) => Boolean((result = { value })), () => false),
    'the database to answer again',
    20_000,
  );
  return result!.value;
}
