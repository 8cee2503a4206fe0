import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Sql } from './database.js';
import { transaction } from './transaction.js';
import { recogniseContactCountries, recogniseContactLanguages } from './contact-codes.js';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Any fixed number: processes starting together on one database take turns migrating it. */
const MIGRATION_LOCK_ID = 7_261_001;

/**
 * The part of a migration that SQL cannot do, run after its file in the same transaction, once: a
 * country or language name becomes its code by the rules of api/contract, which the API and the CSV
 * import read names with too.
 */
const FOLLOW_UPS: Readonly<Record<string, (tx: Sql) => Promise<void>>> = {
  '046_contact_country_codes.sql': recogniseContactCountries,
  '047_contact_language_codes.sql': recogniseContactLanguages,
};

/**
 * Applies the numbered .sql files not yet recorded in schema_migrations, in order, each with its
 * follow-up, in one transaction: either all of them apply or none does. Returns the names applied.
 */
export async function runMigrations(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await migrationFiles(dir);
  return transaction(sql, async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`;
    await tx`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`;
    const applied = new Set((await tx<{ name: string }[]>`SELECT name FROM schema_migrations`).map((row) => row.name));
    const pending = files.filter((file) => !applied.has(file));
    for (const file of pending) {
      await tx.unsafe(await readFile(`${dir}${file}`, 'utf8'));
      await FOLLOW_UPS[file]?.(tx);
      await tx`INSERT INTO schema_migrations (name) VALUES (${file})`;
    }
    return pending;
  });
}

/** The names of the numbered .sql files in `dir`, in the order they apply. */
async function migrationFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((file) => /^\d+_.+\.sql$/.test(file)).sort();
}

/** The migrations in `dir` not recorded in schema_migrations as applied: all of them before the first run. */
export async function pendingMigrations(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = await migrationFiles(dir);
  const [table] = await sql<{ exists: boolean }[]>`SELECT to_regclass('schema_migrations') IS NOT NULL AS exists`;
  if (!table!.exists) return files;
  const applied = new Set((await sql<{ name: string }[]>`SELECT name FROM schema_migrations`).map((row) => row.name));
  return files.filter((file) => !applied.has(file));
}
