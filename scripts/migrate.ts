import { loadConfig } from './config.js';
import { migrateConfiguredDatabase, openConfiguredDatabase } from './configured-database.js';
import { startFailureMessage } from './start-errors.js';

/**
 * `npm run migrate`: applies pending migrations to the configured database and exits. A setting it cannot
 * work with stops it as it stops the product's start: one sentence naming the variable.
 */
try {
  const { databaseUrl, dataDir } = loadConfig(process.env);
  const database = await openConfiguredDatabase(databaseUrl, dataDir);
  try {
    const applied = await migrateConfiguredDatabase(database.sql, databaseUrl);
    console.log(applied.length ? `Applied ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(startFailureMessage(error, 'The migrations could not run'));
  process.exitCode = 1;
}
