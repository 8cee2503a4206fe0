import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Update } from 'grammy/types';
import { buildApp } from '../api/app.js';
import { refreshLongWindowAnswers } from '../api/analytics/answers.js';
import { createFigureCache } from '../api/analytics/figure-cache.js';
import { createContactDirectoryCache } from '../api/contact-directory-cache.js';
import { createBot, PollingRefusedError, type BotOptions, type MedBot } from '../bot/create-bot.js';
import { createBroadcastSender } from '../bot/broadcasts/broadcast-sender.js';
import { systemClock } from '../bot/clock.js';
import { createNotificationMonitor, NOTIFICATION_CHECK_INTERVAL_MS } from '../bot/alerts/notification-monitor.js';
import { seedDefaultTemplates } from '../bot/replies/default-templates.js';
import { createBotSandbox } from '../bot/sandbox.js';
import { sendConfirmationReminders } from '../bot/broadcasts/confirmation-reminders.js';
import { createTelegramSimulator, type TelegramSimulator } from '../bot/simulator/index.js';
import { populateSimulator } from '../bot/simulator/populate.js';
import type { CityRow } from '../sql/cities.js';
import type { Database } from '../sql/database.js';
import { databaseProber } from '../sql/availability.js';
import { classifyContactHours } from '../sql/contact-hours.js';
import { readContactPhones } from '../sql/contact-phones.js';
import { createBackupService, type BackupService } from '../sql/backups.js';
import { BACKUP_CHECK_INTERVAL_MS, backupIfDue } from './backup-schedule.js';
import { getOrCreateSecret } from '../sql/app-secrets.js';
import { applyLogRetention } from '../sql/log-retention.js';
import { rollUpLogs } from '../sql/log-rollups.js';
import { deleteProcessedUpdatesBefore } from '../sql/processed-updates.js';
import { deleteDirectoryChangesBefore } from '../sql/contact-directory.js';
import { LEADER_LOCK_ID, tryAdvisoryLock, type HeldLock } from '../sql/leader-lock.js';
import type { Config } from './config.js';
import { ensureInitialAdmin, type InitialAdminResult } from './initial-admin.js';
import { createJobRunner, type JobRunner } from './job-runner.js';
import { createLeadership, type Leadership } from './leadership.js';
import { loadGazetteerOnce } from './load-gazetteer.js';
import { loggerOptions } from './logger.js';
import { createMetrics } from './metrics.js';
import { seedDemoData } from './seed-demo.js';
import { migrateConfiguredDatabase, openConfiguredDatabase } from './configured-database.js';
import { botStartFailure, dataDirFailure, listenFailure, rethrowAs, type StartupError } from './start-errors.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Inside the 15 minutes the long windows' analytics answers are kept, so no viewer waits for them. */
const ANALYTICS_REFRESH_MS = 10 * MINUTE_MS;
/** How often a follower instance tries to take over the background work, and the leader checks its lock. */
const LEADERSHIP_CHECK_MS = 5000;
/** How long the start waits for the bot to reach Telegram, enough to hear a refused token, before it goes on. */
const BOT_START_GRACE_MS = 10_000;
/**
 * The embedded database is one process's (a lock file keeps a second out) and PGlite has one session, in
 * which advisory locks cannot tell instances apart: that process always leads.
 */
const SOLE_INSTANCE: HeldLock = { stillHeld: async () => true, release: async () => {} };

export interface ProductOptions extends Omit<Config, 'dataDir'> {
  /** null keeps the embedded database in memory (tests). */
  dataDir: string | null;
  loginRateLimit?: { max: number; timeWindowMs: number };
  /** Loads only the gazetteer cities it keeps (tests load a small part, fast). */
  gazetteerFilter?: (city: CityRow) => boolean;
  /** How often followers try to take over the background work (default 5 s; tests go faster). */
  leadershipCheckMs?: number;
  /** How long the start waits for the bot to reach Telegram before it goes on without it (default 10 s). */
  botStartGraceMs?: number;
  /** An already open database to run on instead of opening one (the benchmark's); stop() leaves it open. */
  database?: Database;
  /** Each Telegram user's and group's share of updates (the bot's FLOOD_CONTROL unless given), and a count of the drops. */
  floodControl?: BotOptions['floodControl'];
}

export interface RunningProduct {
  app: FastifyInstance;
  database: Database;
  bot: MedBot;
  /** The built-in Telegram, when no BOT_TOKEN is set. */
  simulator: TelegramSimulator | undefined;
  url: string;
  /** Where the bot's 🗺 Map buttons and menu button open the Mini App; undefined: the bot offers none. */
  miniAppUrl: string | undefined;
  initialAdmin: InitialAdminResult;
  migrationsApplied: string[];
  /** Milliseconds the first-start gazetteer load took; undefined when it was loaded before. */
  gazetteerLoadMs: number | undefined;
  /** The periodic jobs (log roll-up, retention, …); each runs once at start, in the leading instance. */
  jobs: Pick<JobRunner, 'whenIdle'>;
  /**
   * Whether this instance runs the broadcast sender and the background jobs: of the instances that share
   * one database, the one holding its leader lock; the others take over when it stops or dies.
   */
  leadership: Pick<Leadership, 'isLeader'>;
  stop(): Promise<void>;
}

/**
 * The composition root: opens and migrates the database, makes sure an admin, the templates and
 * the gazetteer exist, loads demo data when asked, starts the bot (on Telegram, or on the
 * built-in simulator without BOT_TOKEN), builds the app and listens. `npm start` and the tests
 * start the product here.
 */
export async function startProduct(options: ProductOptions): Promise<RunningProduct> {
  // Each step that can fail for a setting's sake says which one, in a sentence (scripts/start-errors.ts).
  const { dataDir, databaseUrl } = options;
  if (dataDir) await usableDataDir(dataDir).catch(rethrowAs((error) => dataDirFailure(error, dataDir)));
  const database =
    options.database ??
    (await openConfiguredDatabase(databaseUrl, dataDir));
  const closeDatabase = () => (options.database ? Promise.resolve() : database.close());
  let simulator: TelegramSimulator | undefined;
  /** Set once the app listens, and the bot exists: closed again when the start fails after that. */
  let listening: FastifyInstance | undefined;
  let startedBot: MedBot | undefined;
  try {
    const { sql } = database;
    const migrationsApplied = await migrateConfiguredDatabase(sql, databaseUrl);
    // Migration 034's conversion of free-text hours needs the opening_hours package: it runs here, once per contact.
    await classifyContactHours(sql);
    // Migration 049's reading of phones as numbers of their country needs libphonenumber-js: here too.
    await readContactPhones(sql);
    const jwtSecret = options.jwtSecret ?? (await getOrCreateSecret(sql, 'jwt', () => randomBytes(48).toString('base64url')));
    const initialAdmin = await ensureInitialAdmin(sql, options.initialAdmin);
    await seedDefaultTemplates(sql);
    const gazetteerLoadMs = await loadGazetteerOnce(sql, options.gazetteerFilter);
    if (options.demoData) await seedDemoData(sql);

    simulator = options.botToken ? undefined : await createTelegramSimulator();
    if (simulator) await populateSimulator(sql, simulator);
    // One registry for the process, with METRICS_TOKEN. Its gauges are read when scraped, after the bot below exists.
    const metrics = options.metricsToken === undefined
      ? undefined
      : { token: options.metricsToken, registry: createMetrics({ logRowsPending: () => bot.recorder.pendingRows(), dbPoolWaiting: database.waitingQueries }) };
    // The one clock of every part that waits or measures (tests hand the parts one they move by hand).
    const clock = systemClock;
    // The built-in simulator's Mini App is this process's own page: its address is known once the app listens.
    let miniAppUrl = options.miniAppUrl;
    const bot = createBot({
      sql,
      // The embedded database's socket server shares one PGlite session among its connections: a LISTEN there
      // is accepted but hears nothing, so there the answers' own check of the version tells (bot/updates/memory.ts).
      ...(database.kind === 'external' && { directoryNotifications: sql }),
      clock,
      token: options.botToken ?? simulator!.token,
      apiRoot: simulator?.apiRoot ?? options.telegramApiRoot,
      webhook: options.webhook,
      dataDir: options.dataDir,
      metrics: metrics?.registry,
      floodControl: options.floodControl,
      miniAppUrl: () => miniAppUrl,
      // Called only once updates flow, which is after the app below exists.
      onError: (error) => (error instanceof PollingRefusedError ? app.log.error({ err: error.cause }, error.message) : app.log.error({ err: error }, 'bot error')),
    });
    startedBot = bot;
    // A line when fetching updates starts failing (with why) and when it works again; not for every retry.
    let lostTelegram = false;
    bot.events.on('connection', (reached: boolean, failure?: string) => {
      if (!reached) app.log.warn(`The bot cannot fetch updates from Telegram (${failure}); it keeps trying.`);
      else if (lostTelegram) app.log.info('The bot fetches updates from Telegram again.');
      lostTelegram = !reached;
    });
    // Works the broadcast queue through the live bot's API, in the leading instance; its rate is read from system_settings.
    const broadcastSender = createBroadcastSender({ sql, api: bot.api, testApi: bot.retryingApi, clock, metrics: metrics?.registry, onError: (error) => app.log.error({ err: error }, 'broadcast sender error') });
    // Raises the notifications that come from conditions over time and alerts the admins on Telegram.
    const notificationMonitor = createNotificationMonitor({
      sql,
      api: bot.retryingApi,
      events: bot.events,
      onError: (error) => app.log.error({ err: error }, 'notification monitor error'),
    });
    const backups = openBackups(database, options, (level, message) => app.log[level](message));
    const figureCache = createFigureCache(() => new Date());
    const contactDirectoryCache = createContactDirectoryCache(() => new Date());
    const app = await buildApp({
      sql,
      probeDatabase: databaseProber(database),
      figureCache,
      contactDirectoryCache,
      config: { jwtSecret, consoleDir: options.consoleDir, mapTiles: options.mapTiles, loginRateLimit: options.loginRateLimit, trustProxy: options.trustProxy },
      logger: loggerOptions(options),
      botStatus: () => bot.status(),
      sandbox: simulator && createBotSandbox(simulator, bot),
      // Known once the bot has asked getMe (its start); the simulator answers it as Telegram does.
      botUsername: () => (bot.bot.isInited() ? bot.bot.botInfo.username : undefined),
      broadcaster: broadcastSender,
      miniApp: bot.miniApp,
      backups,
      metrics,
      telegramWebhook: options.webhook && {
        path: new URL(options.webhook.url).pathname,
        secretToken: options.webhook.secretToken,
        // The route checked the update's shape; the bot reads it as the Update it is.
        handleUpdate: (update) => bot.handleUpdate(update as unknown as Update),
      },
    });

    const onJobError = (job: string, error: unknown) => app.log.error({ err: error, job }, 'job failed');
    // Each instance keeps its own analytics answers, so each renews them.
    const instanceJobs = createJobRunner({ clock, onError: onJobError });
    instanceJobs.every('analytics answers', ANALYTICS_REFRESH_MS, (now) => refreshLongWindowAnswers(sql, figureCache, now, ANALYTICS_REFRESH_MS), {
      firstRunAfterMs: MINUTE_MS,
    });
    /** The jobs one instance runs for all: a fresh runner each time this instance becomes the leader. */
    const leaderJobs = () => {
      const jobs = createJobRunner({ clock, onError: onJobError });
      jobs.every('log roll-up', MINUTE_MS, () => rollUpLogs(sql));
      jobs.every('log retention', DAY_MS, (now) => applyLogRetention(sql, now));
      // A redelivered update comes within minutes; a day of claims is plenty (docs/bot.md).
      jobs.every('processed updates clean-up', HOUR_MS, (now) => deleteProcessedUpdatesBefore(sql, new Date(now.getTime() - DAY_MS)));
      // A day of the directory's changes: an instance further behind reloads the whole directory.
      jobs.every('contact change log clean-up', HOUR_MS, (now) => deleteDirectoryChangesBefore(sql, new Date(now.getTime() - DAY_MS)));
      jobs.every('notification checks', NOTIFICATION_CHECK_INTERVAL_MS, () => notificationMonitor.tick());
      // Hourly: a contact closed now is asked at the next run in its opening hours (docs/bot.md "Contacts confirm their own listing").
      jobs.every('confirmation reminders', HOUR_MS, (now) =>
        sendConfirmationReminders({ sql, api: bot.api, pace: broadcastSender.pace, onError: (error) => onJobError('confirmation reminders', error) }, now),
      );
      // At the backupHour setting only (scripts/backup-schedule.ts); the first check waits until start-up is over.
      if (backups) jobs.every('automatic backup', BACKUP_CHECK_INTERVAL_MS, (now) => backupIfDue(sql, backups, now), { firstRunAfterMs: MINUTE_MS });
      return jobs;
    };
    let leading: JobRunner | undefined;
    const leadership = createLeadership({
      acquire: options.databaseUrl ? () => tryAdvisoryLock(options.databaseUrl!, LEADER_LOCK_ID) : async () => SOLE_INSTANCE,
      async lead() {
        // Fails the recipients a crash left in flight, then resumes the pending ones.
        await broadcastSender.start();
        leading = leaderJobs();
        // The first runs happen now, so the roll-ups cover demo data seeded above right away.
        leading.start();
      },
      async standDown() {
        await leading?.stop();
        leading = undefined;
        await broadcastSender.stop();
      },
      checkEveryMs: options.leadershipCheckMs ?? LEADERSHIP_CHECK_MS,
      clock,
      onChange: (leads) =>
        app.log.info(leads ? 'This instance now runs the broadcast sender and the background jobs' : 'This instance stopped running the background work'),
      onError: (error) => app.log.error({ err: error }, 'leadership check failed'),
    });

    const address = await app.listen({ port: options.port, host: options.host }).catch(rethrowAs((error) => listenFailure(error, options.port, options.host)));
    listening = app;
    const url = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
    // The Bot Sandbox opens the Mini App from the console's own address; Telegram itself would need MINI_APP_URL.
    if (simulator) miniAppUrl ??= new URL('/app/', url).toString();
    // Telegram needs an https URL: the built-in one reaches this plain-HTTP server as a proxy in front of it would.
    if (simulator && options.webhook) simulator.forwardWebhookTo(address.replace('0.0.0.0', '127.0.0.1').replace('[::]', '[::1]'));
    // Started once the app listens, so a webhook is served as soon as it is set. A token or webhook Telegram
    // refuses stays refused: that stops the start, naming the variable. A Telegram that cannot be reached is
    // tried again and again (grammY's init): the start goes on without waiting for it, the console runs, and
    // /api/health reports the bot as starting until it gets through.
    let refused: StartupError | undefined;
    const botStarting = bot.start().catch((error: unknown) => {
      refused = botStartFailure(error, options);
      if (!refused) app.log.error({ err: error }, 'the bot could not start');
    });
    const botSettled = await Promise.race([botStarting.then(() => true), sleep(options.botStartGraceMs ?? BOT_START_GRACE_MS, false, { ref: false })]);
    if (refused) throw refused;
    if (!botSettled) {
      const telegram = options.telegramApiRoot ? `the Bot API server at TELEGRAM_API_ROOT (${options.telegramApiRoot})` : 'Telegram';
      app.log.warn(`The bot cannot reach ${telegram} yet: it keeps trying, and the console runs meanwhile.`);
      void botStarting.then(() => {
        if (refused) app.log.error({ err: refused.cause }, refused.message);
        else if (bot.status().state === 'running') app.log.info(`The bot reached ${telegram} and runs.`);
      });
    }
    notificationMonitor.start();
    instanceJobs.start();
    await leadership.start();
    const runningSimulator = simulator;
    return {
      app,
      database,
      bot,
      simulator: runningSimulator,
      url,
      miniAppUrl,
      initialAdmin,
      migrationsApplied,
      gazetteerLoadMs,
      jobs: { whenIdle: async () => void (await Promise.all([instanceJobs.whenIdle(), leading?.whenIdle()])) },
      leadership,
      async stop() {
        await app.close();
        await leadership.stop();
        await instanceJobs.stop();
        await notificationMonitor.stop();
        await bot.stop();
        await runningSimulator?.close();
        await closeDatabase();
      },
    };
  } catch (error) {
    await listening?.close();
    await startedBot?.stop();
    await simulator?.close();
    await closeDatabase();
    throw error;
  }
}

/**
 * Makes DATA_DIR if need be and checks the process may write there: the embedded database and the backups of
 * either database live in it, and a folder found unwritable only at the first backup would fail unseen.
 */
async function usableDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await access(dataDir, constants.W_OK);
}

/** Backups go to DATA_DIR/backups; without a data folder (tests keep the database in memory) there are none. */
function openBackups(
  database: Database,
  options: Pick<ProductOptions, 'dataDir' | 'databaseUrl'>,
  log: (level: 'info' | 'warn' | 'error', message: string) => void,
): BackupService | undefined {
  if (!options.dataDir) return undefined;
  const dir = path.join(options.dataDir, 'backups');
  if (options.databaseUrl) return createBackupService({ dir, source: { kind: 'external', databaseUrl: options.databaseUrl }, log });
  if (!database.dataFolder) return undefined;
  return createBackupService({ dir, source: { kind: 'embedded', sql: database.sql, dataFolder: database.dataFolder.path, snapshotDataDir: database.dataFolder.snapshot }, log });
}
