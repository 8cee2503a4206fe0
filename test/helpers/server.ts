import path from 'node:path';
import type { Role } from '../../api/contract/roles.js';
import type { Sql } from '../../sql/database.js';
import { loadConfig } from '../../scripts/config.js';
import { startProduct } from '../../scripts/product.js';
import { createTestDatabase } from './database.js';
import { anAdminUser } from './builders.js';
import { LARGE_CITIES } from './gazetteer.js';
import { ROOMY_FLOOD_CONTROL } from './bot.js';
import type { TelegramSimulator } from '../../bot/simulator/index.js';

export interface TestServer {
  url: string;
  sql: Sql;
  /** The built-in Telegram the product's bot talks to. */
  simulator: TelegramSimulator;
  createUser(spec: { username: string; password: string; role: Role; firstName?: string | null }): Promise<{ id: number }>;
  /** Signs in through the API, as a script would: the access token. */
  tokenOf(user: { username: string; password: string }): Promise<string>;
  close(): Promise<void>;
}

/**
 * The whole product listening on a free port over a fresh database, serving the built console
 * (npm test builds it first): what the browser tests drive.
 */
export async function startTestServer(): Promise<TestServer> {
  // The gazetteer is there already: the product skips its load.
  const serverDatabase = process.env.TEST_DATABASE_URL ? await createTestDatabase({ largeCities: true }) : undefined;
  const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', DEMO_DATA: 'off' });
  const product = await startProduct({
    ...config,
    dataDir: null,
    databaseUrl: serverDatabase?.url,
    consoleDir: path.resolve('console/dist'),
    initialAdmin: { username: 'root', password: 'root-password-for-tests' },
    gazetteerFilter: LARGE_CITIES,
    // A browser test acts at machine speed: a Bot Sandbox user presses and types faster than a person.
    floodControl: ROOMY_FLOOD_CONTROL,
  });
  const sql = product.database.sql;
  return {
    url: product.url,
    sql,
    simulator: product.simulator!,
    createUser: (spec) => anAdminUser(sql, spec),
    async tokenOf({ username, password }) {
      const response = await fetch(`${product.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identifier: username, password }),
      });
      return ((await response.json()) as { token: string }).token;
    },
    async close() {
      await product.stop();
      await serverDatabase?.close();
    },
  };
}
