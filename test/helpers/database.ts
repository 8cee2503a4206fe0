import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../sql/database.js';
import { runMigrations } from '../../sql/migrate.js';

export interface TestDatabase extends Database {
  /** Set when the database lives on a real server (TEST_DATABASE_URL). */
  url: string | undefined;
}

/**
 * A fresh, migrated database for one test file: a new database on the server named by
 * TEST_DATABASE_URL (dropped on close), or an in-memory embedded one. `migrate: false` leaves it
 * empty (the migration tests).
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const migrate = options.migrate ?? true;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: null });
    if (migrate) await runMigrations(database.sql);
    return { ...database, url: undefined };
  }
  const name = `test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), maxConnections: 5 });
  if (migrate) await runMigrations(database.sql);
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
