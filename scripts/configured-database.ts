import { openDatabase, type Database, type Sql } from '../sql/database.js';
import { runMigrations } from '../sql/migrate.js';
import { dataDirFailure, databaseFailure, rethrowAs } from './start-errors.js';

/**
 * The configured database, opened and migrated the way every executable does it (`npm start`, migrate,
 * create-admin): a failure a setting explains stops with that setting's sentence (start-errors.ts).
 */

/** Opens DATABASE_URL's database, or the embedded one in DATA_DIR, whose folder's faults are DATA_DIR's. */
export function openConfiguredDatabase(databaseUrl: string | undefined, dataDir: string | null): Promise<Database> {
  return openDatabase({ databaseUrl, dataDir }).catch(rethrowAs((error) => (dataDir && !databaseUrl ? dataDirFailure(error, dataDir) : undefined)));
}

/** Applies the pending migrations; an external database refusing them is DATABASE_URL's fault. */
export function migrateConfiguredDatabase(sql: Sql, databaseUrl: string | undefined): Promise<string[]> {
  return runMigrations(sql).catch(rethrowAs((error) => (databaseUrl ? databaseFailure(error, databaseUrl) : undefined)));
}
