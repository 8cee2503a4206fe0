import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Test } from 'tap';
import { seedDefaultTemplates } from '../../bot/replies/default-templates.js';
import { openDatabase, type Database } from '../../sql/database.js';
import { childEnvWithoutCoverage } from './child-env.js';
import { createTestDatabase } from './database.js';
import { embeddedTemplateFile, WITH_LARGE_CITIES } from './database-templates.js';

/**
 * A database prepared for the product run in a child process (templates and the larger cities
 * loaded, so its first start is quick): a fresh one on the TEST_DATABASE_URL server, or an
 * embedded one in a temporary folder. The embedded one must be released before the child opens
 * the folder; `open` opens it again afterwards (the server one stays open throughout).
 */
export async function childProductDatabase(t: Test, folderPrefix: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), folderPrefix));
  t.teardown(() => rm(dataDir, { recursive: true, force: true }));
  const server = process.env.TEST_DATABASE_URL ? await createTestDatabase({ largeCities: true }) : undefined;
  const open = async (): Promise<Database> => server ?? (await openDatabase({ dataDir }));
  // The embedded one's folder starts as the template's dump; opened again, it holds a database already.
  const database = server ?? (await openDatabase({ dataDir, loadDataDir: await embeddedTemplateFile(WITH_LARGE_CITIES) }));
  await seedDefaultTemplates(database.sql);
  const databaseEnv: Record<string, string> = server ? { DATABASE_URL: server.url! } : { DATA_DIR: dataDir };
  return {
    sql: database.sql,
    /** Where a child process finds this database: DATABASE_URL on the server, or the embedded one's DATA_DIR. */
    databaseEnv,
    open,
    async release(): Promise<void> {
      if (!server) await database.close();
    },
    /** The child's environment: this database, the given Telegram, no demo data, a known admin. */
    childEnv(telegram: { token: string; apiRoot: string }, port: number): NodeJS.ProcessEnv {
      const env = childEnvWithoutCoverage({
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_DATA: 'off',
        LOG_LEVEL: 'error',
        BOT_TOKEN: telegram.token,
        TELEGRAM_API_ROOT: telegram.apiRoot,
        ADMIN_USERNAME: 'root',
        ADMIN_PASSWORD: 'root-password-for-tests',
      });
      delete env.DATABASE_URL;
      return { ...env, ...databaseEnv };
    },
  };
}
