import t from 'tap';
import { readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '../helpers/database.js';
import { pendingMigrations, runMigrations } from '../../sql/migrate.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../sql/migrations/', import.meta.url));

t.test('every migration applies cleanly on an empty database, and only once', async (t) => {
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();
  t.ok(files.length >= 2, `found ${files.length} migrations`);
  for (const file of files) t.match(file, /^\d{3}_[a-z0-9_]+\.sql$/, `${file} is numbered`);

  const db = await createTestDatabase({ migrate: false });
  t.teardown(() => db.close());

  t.strictSame(await pendingMigrations(db.sql), files, 'before the first run, every file is pending');
  const first = await runMigrations(db.sql);
  t.strictSame(first, files, 'every file is applied, in order');

  const recorded = await db.sql<{ name: string }[]>`SELECT name FROM schema_migrations ORDER BY name`;
  t.strictSame(recorded.map((row) => row.name), files, 'and recorded');

  t.strictSame(await pendingMigrations(db.sql), [], 'and none is pending');
  const second = await runMigrations(db.sql);
  t.strictSame(second, [], 'running them again applies nothing');

  const [row] = await db.sql<{ count: number }[]>`SELECT count(*) AS count FROM schema_migrations`;
  t.equal(row!.count, files.length, 'nothing is recorded twice');

  const tables = await db.sql<{ tableName: string }[]>`
    SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`;
  const names = tables.map((row) => row.tableName);
  for (const table of ['admin_users', 'admin_sessions', 'admin_refresh_tokens', 'admin_recovery_codes', 'audit_log', 'app_secrets', 'seeds']) {
    t.ok(names.includes(table), `${table} exists`);
  }
});

t.test('a failing migration applies nothing: the pending ones run in one transaction', async (t) => {
  const db = await createTestDatabase({ migrate: false });
  t.teardown(() => db.close());
  const dir = `${t.testdir({
    '001_good.sql': 'CREATE TABLE good (id int);',
    '002_bad.sql': 'CREATE TABLE half_done (id int); SELECT no_such_function();',
    'notes.txt': 'not a migration',
  })}/`;

  await t.rejects(runMigrations(db.sql, dir), /no_such_function/);
  const [state] = await db.sql<{ good: string | null; halfDone: string | null; migrations: string | null }[]>`
    SELECT to_regclass('good') AS good, to_regclass('half_done') AS half_done, to_regclass('schema_migrations') AS migrations`;
  t.strictSame({ ...state }, { good: null, halfDone: null, migrations: null }, 'nothing was left behind');

  await writeFile(`${dir}002_bad.sql`, 'CREATE TABLE half_done (id int);');
  t.strictSame(await runMigrations(db.sql, dir), ['001_good.sql', '002_bad.sql'], 'once fixed, both apply');
  t.strictSame(await runMigrations(db.sql, dir), []);
});

t.test('two runs at once apply each migration once', async (t) => {
  const db = await createTestDatabase({ migrate: false });
  t.teardown(() => db.close());
  const runs = await Promise.all([runMigrations(db.sql), runMigrations(db.sql)]);
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith('.sql')).sort();
  t.strictSame(runs.flat().sort(), files, 'between them, every file applied exactly once');
});
