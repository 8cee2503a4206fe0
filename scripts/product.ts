import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../api/app.js';
import { createBot, type MedBot } from '../bot/create-bot.js';
import { createBroadcastSender } from '../bot/broadcast-sender.js';
import { seedDefaultTemplates } from '../bot/default-templates.js';
import { createBotSandbox } from '../bot/sandbox.js';
import { createTelegramSimulator, type TelegramSimulator } from '../bot/simulator/index.js';
import { populateSimulator } from '../bot/simulator/populate.js';
import type { CityRow } from '../sql/cities.js';
import { openDatabase, type Database } from '../sql/database.js';
import { runMigrations } from '../sql/migrate.js';
import { getOrCreateSecret } from '../sql/app-secrets.js';
import { applyLogRetention } from '../sql/log-retention.js';
import { rollUpLogs } from '../sql/log-rollups.js';
import type { Config } from './config.js';
import { ensureInitialAdmin, type InitialAdminResult } from './initial-admin.js';
import { createJobRunner, type JobRunner } from './job-runner.js';
import { loadGazetteerOnce } from './load-gazetteer.js';
import { seedDemoData } from './seed-demo.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export interface ProductOptions extends Omit<Config, 'dataDir'> {
  /** null keeps the embedded database in memory (tests). */
  dataDir: string | null;
  loginRateLimit?: { max: number; timeWindowMs: number };
  /** Loads only the gazetteer cities it keeps (tests load a small part, fast). */
  gazetteerFilter?: (city: CityRow) => boolean;
}

export interface RunningProduct {
  app: FastifyInstance;
  database: Database;
  bot: MedBot;
  /** The built-in Telegram, when no BOT_TOKEN is set. */
  simulator: TelegramSimulator | undefined;
  url: string;
  initialAdmin: InitialAdminResult;
  migrationsApplied: string[];
  /** Milliseconds the first-start gazetteer load took; undefined when it was loaded before. */
  gazetteerLoadMs: number | undefined;
  /** The periodic jobs (log roll-up, retention); each runs once at start. */
  jobs: JobRunner;
  stop(): Promise<void>;
}

/**
 * The composition root: opens and migrates the database, makes sure an admin, the templates and
 * the gazetteer exist, loads demo data when asked, starts the bot (on Telegram, or on the
 * built-in simulator without BOT_TOKEN), builds the app and listens. `npm start` and the tests
 * start the product here.
 */
export async function startProduct(options: ProductOptions): Promise<RunningProduct> {
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  let simulator: TelegramSimulator | undefined;
  try {
    const { sql } = database;
    const migrationsApplied = await runMigrations(sql);
    const jwtSecret = options.jwtSecret ?? (await getOrCreateSecret(sql, 'jwt', () => randomBytes(48).toString('base64url')));
    const initialAdmin = await ensureInitialAdmin(sql, options.initialAdmin);
    await seedDefaultTemplates(sql);
    const gazetteerLoadMs = await loadGazetteerOnce(sql, options.gazetteerFilter);
    if (options.demoData) await seedDemoData(sql);

    simulator = options.botToken ? undefined : await createTelegramSimulator();
    if (simulator) await populateSimulator(sql, simulator);
    const bot = createBot({
      sql,
      token: options.botToken ?? simulator!.token,
      apiRoot: simulator?.apiRoot ?? options.telegramApiRoot,
      // Called only once updates flow, which is after the app below exists.
      onError: (error) => app.log.error({ err: error }, 'bot error'),
    });
    // Works the broadcast queue through the live bot's API; its rate is read from system_settings.
    const broadcastSender = createBroadcastSender({ sql, api: bot.api, onError: (error) => app.log.error({ err: error }, 'broadcast sender error') });
    const app = await buildApp({
      sql,
      config: { jwtSecret, consoleDir: options.consoleDir, loginRateLimit: options.loginRateLimit },
      logger: options.logLevel === 'silent' ? false : { level: options.logLevel },
      botStatus: () => bot.status().state,
      sandbox: simulator && createBotSandbox(simulator, bot),
      broadcaster: broadcastSender,
    });
    // The console stays up when Telegram cannot be reached; /api/health reports the bot as failed.
    await bot.start().catch((error: unknown) => app.log.error({ err: error }, 'the bot could not start'));

    // Fails the recipients a crash left in flight, then resumes the pending ones.
    await broadcastSender.start();

    const jobs = createJobRunner({ onError: (job, error) => app.log.error({ err: error, job }, 'job failed') });
    jobs.every('log roll-up', MINUTE_MS, () => rollUpLogs(sql));
    jobs.every('log retention', DAY_MS, (now) => applyLogRetention(sql, now));

    const address = await app.listen({ port: options.port, host: options.host });
    // The first runs happen now, so the roll-ups cover demo data seeded above right away.
    jobs.start();
    const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
    const runningSimulator = simulator;
    return {
      app,
      database,
      bot,
      simulator: runningSimulator,
      url,
      initialAdmin,
      migrationsApplied,
      gazetteerLoadMs,
      jobs,
      async stop() {
        await app.close();
        await jobs.stop();
        await broadcastSender.stop();
        await bot.stop();
        await runningSimulator?.close();
        await database.close();
      },
    };
  } catch (error) {
    await simulator?.close();
    await database.close();
    throw error;
  }
}
