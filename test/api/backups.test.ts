import t, { type Test } from 'tap';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase, type Database } from '../../sql/database.js';
import { runMigrations } from '../../sql/migrate.js';
import { BACKUPS_KEPT, createBackupService, PgDumpMissingError, type BackupService } from '../../sql/backups.js';
import { backupDue, backupIfDue } from '../../scripts/backup-schedule.js';
import { updateSystemSettings } from '../../sql/settings.js';
import { createTestApp } from '../helpers/app.js';
import { createTestClock } from '../helpers/clock.js';
import { createTestDatabase } from '../helpers/database.js';
import type { SystemHealth } from '../../api/contract/system-health.js';
import type { Backup } from '../../api/contract/backups.js';
import { LARGE_CITIES } from '../helpers/gazetteer.js';
import { until } from '../helpers/wait.js';
import { loadConfig } from '../../scripts/config.js';
import { startProduct } from '../../scripts/product.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function aBackupFolder(t: { teardown(fn: () => void): void }): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'medcontacts-backups-')), 'backups');
  t.teardown(() => rmSync(path.dirname(dir), { recursive: true, force: true }));
  return dir;
}
/** The backups in a folder; the dot entries are the service's own (the data folder's copy, the last pause). */
const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((name) => !name.startsWith('.')).sort() : []);

async function countBackupStarts(database: Database): Promise<number> {
  const [row] = await database.sql<{ starts: number }[]>`SELECT count(*)::int AS starts FROM audit_log WHERE action = 'backup.start'`;
  return row!.starts;
}

/** Resolves once the service has finished the backup it is running. */
const untilIdle = (backups: BackupService) => until(() => !backups.status().running, 'the backup to finish', 60_000);

t.test('embedded database', async (t) => {
  // Always the embedded database here, whichever database the other tests use, on a data folder as the product's.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'medcontacts-backed-up-'));
  const database: Database = await openDatabase({ dataDir });
  t.teardown(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await runMigrations(database.sql);
  await database.sql`INSERT INTO authorized_groups (group_id, group_name) VALUES (-4242, 'Backed up ward')`;
  const clock = createTestClock(new Date('2026-11-01T04:00:00Z'));
  const dir = aBackupFolder(t);
  const { path: dataFolder, snapshot } = database.dataFolder!;
  const backups = createBackupService({ dir, source: { kind: 'embedded', sql: database.sql, dataFolder, snapshotDataDir: snapshot }, now: clock.now });
  /** The groups of a backup, opened as a new PGlite opens it (`loadDataDir`). */
  const groupsIn = async (t: Test, fileName: string) => {
    const restored = await PGlite.create({ loadDataDir: new Blob([readFileSync(path.join(dir, fileName))]), extensions: { cube, earthdistance, pg_trgm } });
    t.teardown(() => restored.close());
    return (await restored.query<{ group_name: string }>('SELECT group_name FROM authorized_groups WHERE group_id < -4000 ORDER BY group_id DESC')).rows;
  };

  await t.test('a backup is a file in DATA_DIR/backups that PGlite opens again with the data in it', async (t) => {
    t.type(await backups.pauseEstimateSeconds(), 'number', 'before any backup, an estimate from the data folder');
    const backup = await backups.run();
    t.equal(backup.fileName, 'medcontacts-2026-11-01T04-00-00-000Z.tar.gz');
    t.same(filesIn(dir), [backup.fileName], 'only the finished file, no partial one');
    t.ok(backup.sizeBytes > 1000, `${backup.sizeBytes} bytes`);
    t.same(await groupsIn(t, backup.fileName), [{ group_name: 'Backed up ward' }]);
    t.same(backups.status(), { running: false, problem: null });
  });

  await t.test('the next backup copies what changed since, and opens with the changes in it', async (t) => {
    await database.sql`INSERT INTO authorized_groups (group_id, group_name) VALUES (-4343, 'Ward added later')`;
    await database.sql`UPDATE authorized_groups SET group_name = 'Backed up ward, renamed' WHERE group_id = -4242`;
    clock.advance(60_000);
    const backup = await backups.run();
    t.same(await groupsIn(t, backup.fileName), [{ group_name: 'Backed up ward, renamed' }, { group_name: 'Ward added later' }]);
    t.same(await groupsIn(t, 'medcontacts-2026-11-01T04-00-00-000Z.tar.gz'), [{ group_name: 'Backed up ward' }], 'the earlier backup as it was');
    rmSync(path.join(dir, backup.fileName));
    clock.advance(-60_000);
  });

  await t.test(`only the last ${BACKUPS_KEPT} backups are kept`, async (t) => {
    for (let day = 1; day <= 8; day++) {
      clock.advance(DAY_MS);
      await backups.run();
    }
    const kept = filesIn(dir);
    t.equal(kept.length, BACKUPS_KEPT);
    t.equal(kept[0], 'medcontacts-2026-11-03T04-00-00-000Z.tar.gz', 'the two oldest are gone');
    t.equal(kept.at(-1), 'medcontacts-2026-11-09T04-00-00-000Z.tar.gz');
    t.same((await backups.list()).map((backup) => backup.fileName), [...kept].reverse(), 'listed newest first');
  });

  await t.test('two requests while one runs share it', async (t) => {
    clock.advance(DAY_MS);
    const [first, second] = await Promise.all([backups.run(), backups.run()]);
    t.same(first, second);
    t.equal(filesIn(dir).length, BACKUPS_KEPT);
  });

  await t.test('the daily schedule backs up at the backup hour in the time zone, and only while autoBackup is on', async (t) => {
    const newest = async () => (await backups.list())[0]!.fileName;
    const before = await newest();
    await updateSystemSettings(database.sql, { timeZone: 'Europe/Kyiv', backupHour: 6 });
    t.teardown(() => updateSystemSettings(database.sql, { timeZone: 'UTC', backupHour: 4 }));
    clock.advance(20 * 60 * 60 * 1000);
    t.equal(await backupIfDue(database.sql, backups, clock.now()), false);
    t.equal(await newest(), before, '02:00 UTC, 04:00 in Kyiv: not yet');
    clock.advance(4 * 60 * 60 * 1000);
    t.equal(await backupIfDue(database.sql, backups, clock.now()), true);
    t.equal(await newest(), 'medcontacts-2026-11-11T04-00-00-000Z.tar.gz', '06:00 in Kyiv: a new backup');
    clock.advance(30 * 60 * 1000);
    t.equal(await backupIfDue(database.sql, backups, clock.now()), false, 'a restart within the hour: none more');

    await updateSystemSettings(database.sql, { autoBackup: false });
    t.teardown(() => updateSystemSettings(database.sql, { autoBackup: true }));
    clock.advance(3 * DAY_MS);
    await backupIfDue(database.sql, backups, clock.now());
    t.equal(await newest(), 'medcontacts-2026-11-11T04-00-00-000Z.tar.gz', 'autoBackup off: none');
    clock.advance(-30 * 60 * 1000);
  });

  await t.test('the API: admins list and start backups; System Health reports the last one', async (t) => {
    const { call, userWithToken } = await createTestApp(t, { db: { ...database, url: undefined }, clock, backups });
    const admin = await userWithToken('admin');
    const viewer = await userWithToken('viewer');

    const health = async () => (await call(viewer.token, { method: 'GET', url: '/api/system-health' })).json();
    t.equal((await health()).backup.lastBackupAt, '2026-11-11T04:00:00.000Z');

    const started = await call(admin.token, { method: 'POST', url: '/api/backups' });
    t.equal(started.statusCode, 202);
    t.same(started.json(), { status: 'started' });
    await untilIdle(backups);
    t.match(await health(), { backup: { lastBackupAt: '2026-11-14T04:00:00.000Z', running: false, pauseSeconds: Number, problem: null } });

    const listed = await call(admin.token, { method: 'GET', url: '/api/backups' });
    t.equal(listed.json().length, BACKUPS_KEPT);
    t.match(listed.json()[0], { fileName: 'medcontacts-2026-11-14T04-00-00-000Z.tar.gz', createdAt: '2026-11-14T04:00:00.000Z', sizeBytes: Number });

    const [entry] = await database.sql`SELECT action, target_type FROM audit_log WHERE action = 'backup.start'`;
    t.same(entry, { action: 'backup.start', targetType: 'backup' }, 'audited');
    t.equal((await call(viewer.token, { method: 'POST', url: '/api/backups' })).statusCode, 403);
    t.equal((await call(viewer.token, { method: 'GET', url: '/api/backups' })).statusCode, 403);
  });

  await t.test('"Back up now" clicked twice at once starts and records one backup', async (t) => {
    clock.advance(DAY_MS);
    const { call, userWithToken } = await createTestApp(t, { db: { ...database, url: undefined }, clock, backups });
    const admin = await userWithToken('admin');
    const auditedBefore = await countBackupStarts(database);
    const answers = await Promise.all([1, 2].map(() => call(admin.token, { method: 'POST', url: '/api/backups' })));
    t.same(answers.map((answer) => answer.statusCode).sort(), [202, 409]);
    t.equal(answers.find((answer) => answer.statusCode === 409)!.json().message, 'A backup is already running; it will appear in the list when it is done');
    await untilIdle(backups);
    t.equal(await countBackupStarts(database), auditedBefore + 1, 'audited once');
    t.equal(filesIn(dir).filter((name) => name.includes('2026-11-15')).length, 1, 'one backup file');
    t.equal((await call(admin.token, { method: 'POST', url: '/api/backups' })).statusCode, 202, 'the next click, once it is done, starts another');
    await untilIdle(backups);
  });
});

t.test('external Postgres without pg_dump: a clear notice in the status, the logs and System Health', async (t) => {
  const logged: string[] = [];
  const backups = createBackupService({
    dir: aBackupFolder(t),
    source: { kind: 'external', databaseUrl: 'postgres://postgres:secret@127.0.0.1:1/nowhere', pgDump: 'pg_dump-that-is-not-installed' },
    log: (level, message) => logged.push(`${level}: ${message}`),
  });
  await t.rejects(backups.run(), PgDumpMissingError);
  const notice =
    'Backups cannot run: pg_dump-that-is-not-installed was not found on this server. Install the PostgreSQL client tools (the same major version as the database server) to back up the external database.';
  t.same(backups.status(), { running: false, problem: notice });
  t.same(logged, [`warn: ${notice}`]);

  const { call, userWithToken } = await createTestApp(t, { backups });
  const viewer = await userWithToken('viewer');
  const health = (await call(viewer.token, { method: 'GET', url: '/api/system-health' })).json();
  t.equal(health.status, 'degraded');
  t.ok(health.reasons.includes(notice), 'named among the reasons');
  t.equal(health.backup.problem, notice);
  t.equal(health.backup.pauseSeconds, null, 'pg_dump does not pause the bot');
});

t.test('backupDue: only in the backup hour of the configured time zone, once', async (t) => {
  const kyiv = { timeZone: 'Europe/Kyiv', backupHour: 4 };
  t.equal(backupDue(new Date('2026-11-29T01:59:00Z'), kyiv, undefined), false, '03:59 in Kyiv');
  t.equal(backupDue(new Date('2026-11-29T02:00:00Z'), kyiv, undefined), true, '04:00 in Kyiv, no backup yet');
  t.equal(backupDue(new Date('2026-11-29T02:59:00Z'), kyiv, new Date('2026-11-28T02:10:00Z')), true, "yesterday's backup");
  t.equal(backupDue(new Date('2026-11-29T02:40:00Z'), kyiv, new Date('2026-11-29T02:10:00Z')), false, 'made within this hour already (a restart)');
  t.equal(backupDue(new Date('2026-11-29T02:40:00Z'), kyiv, new Date('2026-11-29T01:30:00Z')), true, 'one made by hand an hour before does not count');
  t.equal(backupDue(new Date('2026-11-29T10:01:00Z'), kyiv, undefined), false, 'a first start at noon: not before 04:00');
  t.equal(backupDue(new Date('2026-07-01T01:30:00Z'), kyiv, undefined), true, 'summer time: 04:30 in Kyiv is 01:30 UTC');
});

/** The major version of pg_dump on PATH, if there is one. */
const pgDumpMajor = (() => {
  try {
    return Number(/ (\d+)/.exec(execFileSync('pg_dump', ['--version'], { encoding: 'utf8' }))?.[1]);
  } catch {
    return undefined;
  }
})();

/** The major version of the TEST_DATABASE_URL server, if one is named. */
async function serverMajor(): Promise<number | undefined> {
  if (!process.env.TEST_DATABASE_URL) return undefined;
  const sql = postgres(process.env.TEST_DATABASE_URL, { max: 1 });
  try {
    const [row] = await sql<{ server_version_num: string }[]>`SHOW server_version_num`;
    return Math.floor(Number(row!.server_version_num) / 10_000);
  } finally {
    await sql.end();
  }
}

/** Why the server cannot be backed up with pg_dump here: none installed, or one older than the server, which pg_dump refuses. */
const pgDumpSkip = await (async () => {
  const server = await serverMajor();
  if (server === undefined) return false;
  if (pgDumpMajor === undefined) return 'pg_dump is not installed';
  return pgDumpMajor < server && `pg_dump ${pgDumpMajor} cannot dump a PostgreSQL ${server} server`;
})();

t.test('external Postgres with pg_dump: a custom-format dump pg_restore can read', { skip: !process.env.TEST_DATABASE_URL ? 'set TEST_DATABASE_URL to back up a real server' : pgDumpSkip }, async (t) => {
  const database = await createTestDatabase();
  t.teardown(() => database.close());
  await database.sql`INSERT INTO authorized_groups (group_id, group_name) VALUES (-777, 'Dumped ward')`;
  const dir = aBackupFolder(t);
  const backups = createBackupService({ dir, source: { kind: 'external', databaseUrl: database.url! }, now: () => new Date('2026-11-21T04:00:00Z') });
  const backup = await backups.run();
  t.equal(backup.fileName, 'medcontacts-2026-11-21T04-00-00-000Z.dump');
  t.same(filesIn(dir), [backup.fileName]);
  const contents = execFileSync('pg_restore', ['--list', path.join(dir, backup.fileName)]).toString();
  t.match(contents, /TABLE public authorized_groups/);
  const data = execFileSync('pg_restore', ['--data-only', '--table=authorized_groups', '--file=-', path.join(dir, backup.fileName)]).toString();
  t.match(data, /Dumped ward/);
});

t.test('the product backs up into DATA_DIR/backups: "Back up now", then Last backup in System Health', { skip: pgDumpSkip }, async (t) => {
  const dataDir = path.dirname(aBackupFolder(t));
  // The embedded database in DATA_DIR, or with TEST_DATABASE_URL an external one (backed up with pg_dump).
  const external = process.env.TEST_DATABASE_URL ? await createTestDatabase({ migrate: false }) : undefined;
  t.teardown(() => external?.close());
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_DATA: 'off' });
  const product = await startProduct({
    ...config,
    dataDir,
    databaseUrl: external?.url,
    initialAdmin: { username: 'root', password: 'root-password-for-tests' },
    gazetteerFilter: LARGE_CITIES,
  });
  t.teardown(() => product.stop());
  const api = async <T>(method: string, url: string, token?: string, body?: object) => {
    const response = await fetch(`${product.url}${url}`, {
      method,
      headers: { ...(body && { 'content-type': 'application/json' }), ...(token && { authorization: `Bearer ${token}` }) },
      body: body && JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  const { body: session } = await api<{ token: string }>('POST', '/api/auth/login', undefined, { identifier: 'root', password: 'root-password-for-tests' });
  const health = async () => (await api<SystemHealth>('GET', '/api/system-health', session.token)).body.backup;

  t.equal((await health()).lastBackupAt, null, 'none yet');
  t.equal((await api('POST', '/api/backups', session.token)).status, 202);
  let backup = await health();
  await until(async () => !(backup = await health()).running, 'the backup to finish', 60_000);
  t.equal(backup.problem, null);
  const files = filesIn(path.join(dataDir, 'backups'));
  t.equal(files.length, 1);
  t.match(files[0], external ? /^medcontacts-.*\.dump$/ : /^medcontacts-.*\.tar\.gz$/);
  t.equal(backup.lastBackupAt, (await api<Backup[]>('GET', '/api/backups', session.token)).body[0]?.createdAt);
});
