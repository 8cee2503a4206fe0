import { randomBytes } from 'node:crypto';
import { copyFile, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { openDatabase, type Database, type Sql } from '../../sql/database.js';
import { runMigrations } from '../../sql/migrate.js';
import { createFromServerTemplate, embeddedTemplateFile, MIGRATED, WITH_LARGE_CITIES } from './database-templates.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('../../sql/migrations/', import.meta.url));

export interface TestDatabase extends Database {
  /** Set when the database lives on a real server (TEST_DATABASE_URL). */
  url: string | undefined;
}

/**
 * A fresh, migrated database for one test file: a new database on the server named by
 * TEST_DATABASE_URL (dropped on close), or an in-memory embedded one. Either starts as a copy of a
 * template made once per set of migrations (database-templates.ts). `largeCities` starts it with the
 * larger cities loaded as well (WITH_LARGE_CITIES); `migrate: false` leaves it empty (the migration tests).
 */
export async function createTestDatabase(options: { migrate?: boolean; largeCities?: boolean } = {}): Promise<TestDatabase> {
  const template = options.largeCities ? WITH_LARGE_CITIES : (options.migrate ?? true) ? MIGRATED : undefined;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: null, loadDataDir: template && (await embeddedTemplateFile(template)) });
    return { ...database, url: undefined };
  }
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  if (template) await createFromServerTemplate(admin, serverUrl, name, template);
  else await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 5 });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Runs every migration whose file name sorts before `first` (e.g. '041'): the schema of a database an earlier
 * version left, for the tests of the migrations that meet it.
 */
export async function runMigrationsBefore(sql: Sql, first: string): Promise<void> {
  const earlier = await mkdtemp(path.join(tmpdir(), 'migrations-'));
  try {
    for (const file of (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql') && name < first)) {
      await copyFile(path.join(MIGRATIONS_DIR, file), path.join(earlier, file));
    }
    await runMigrations(sql, `${earlier}/`);
  } finally {
    await rm(earlier, { recursive: true, force: true });
  }
}
