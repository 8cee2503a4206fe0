import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../api/app.js';
import { openDatabase, type Database } from '../sql/database.js';
import { runMigrations } from '../sql/migrate.js';
import { getOrCreateSecret } from '../sql/app-secrets.js';
import type { Config } from './config.js';
import { ensureInitialAdmin, type InitialAdminResult } from './initial-admin.js';
import { seedDemoData } from './seed-demo.js';

export interface ProductOptions extends Omit<Config, 'dataDir'> {
  /** null keeps the embedded database in memory (tests). */
  dataDir: string | null;
  loginRateLimit?: { max: number; timeWindowMs: number };
}

export interface RunningProduct {
  app: FastifyInstance;
  database: Database;
  url: string;
  initialAdmin: InitialAdminResult;
  migrationsApplied: string[];
  stop(): Promise<void>;
}

/**
 * The composition root: opens the database, migrates it, makes sure an admin exists, loads demo
 * data when asked, builds the app and listens. `npm start` and the tests start the product here.
 */
export async function startProduct(options: ProductOptions): Promise<RunningProduct> {
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  try {
    const { sql } = database;
    const migrationsApplied = await runMigrations(sql);
    const jwtSecret = options.jwtSecret ?? (await getOrCreateSecret(sql, 'jwt', () => randomBytes(48).toString('base64url')));
    const initialAdmin = await ensureInitialAdmin(sql, options.initialAdmin);
    if (options.demoData) await seedDemoData(sql);

    const app = await buildApp({
      sql,
      config: { jwtSecret, consoleDir: options.consoleDir, loginRateLimit: options.loginRateLimit },
      logger: options.logLevel === 'silent' ? false : { level: options.logLevel },
    });
    const address = await app.listen({ port: options.port, host: options.host });
    const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
    return {
      app,
      database,
      url,
      initialAdmin,
      migrationsApplied,
      async stop() {
        await app.close();
        await database.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
