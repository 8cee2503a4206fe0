import { loadConfig } from './config.js';
import { openDatabase } from '../sql/database.js';
import { runMigrations } from '../sql/migrate.js';

/** `npm run migrate`: applies pending migrations to the configured database and exits. */
const config = loadConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const applied = await runMigrations(database.sql);
  console.log(applied.length ? `Applied ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.close();
}
