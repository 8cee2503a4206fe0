import type { Test } from 'tap';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../api/app.js';
import type { BotStatusReport } from '../../api/ports.js';
import type { BackupService } from '../../sql/backups.js';
import type { BotSandbox } from '../../bot/sandbox.js';
import type { MapTiles } from '../../api/plugins/mini-app-page.js';
import type { AppMetrics, Broadcaster, MiniAppPort } from '../../api/ports.js';
import type { Role } from '../../api/contract/roles.js';
import type { TelegramWebhook } from '../../api/routes/telegram-webhook.js';
import { createTestDatabase, type TestDatabase } from './database.js';
import { createTestClock, type TestClock } from './clock.js';
import { anAdminUser, type AdminUserSpec } from './builders.js';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  clock: TestClock;
  /** Signs in through the API and returns the tokens. */
  signIn(identifier: string, password: string): Promise<{ token: string; refreshToken: string }>;
  /** Creates a user of the role and returns them with an access token. */
  userWithToken(role: Role, spec?: AdminUserSpec): Promise<{ id: number; username: string; password: string; token: string; refreshToken: string }>;
  /** app.inject with a bearer token. */
  call(token: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse>;
}

export interface TestAppOptions {
  loginRateLimit?: { max: number; timeWindowMs: number };
  /** The Bot Sandbox's driver, as the product passes it when the simulator runs. */
  sandbox?: BotSandbox;
  /** The bot's username, as the product passes it once the bot knows itself. Default: no bot. */
  botUsername?: () => string | undefined;
  /** The broadcast sender (or a stand-in), as the product passes it. */
  broadcaster?: Broadcaster;
  /** The bot's state, as the product passes it. Default: no bot. */
  botStatus?: () => BotStatusReport;
  /** The backup service, as the product passes it when it has a data folder. */
  backups?: BackupService;
  /** Telegram's webhook route, as the product serves it in webhook mode. */
  telegramWebhook?: TelegramWebhook;
  /** A database that already exists (the bot's, say); its owner closes it. Default: a fresh one. */
  db?: TestDatabase;
  /** The clock to share with other parts under test. Default: a fresh one. */
  clock?: TestClock;
  /** A built console to serve, as the product does. Default: none. */
  consoleDir?: string;
  /** The Mini App's map tiles, as the product passes MAP_TILE_URL and MAP_ATTRIBUTION. Default: OpenStreetMap's. */
  mapTiles?: MapTiles;
  /** Which proxies in front to trust, as the product passes TRUST_PROXY. Default: none. */
  trustProxy?: string[];
  /** The metrics and METRICS_TOKEN, as the product passes them when metrics are on. Default: off. */
  metrics?: { token: string; registry: AppMetrics };
  /** The bot's side of the Mini App (MedBot's miniApp), as the product passes it. Default: no Mini App API. */
  miniApp?: MiniAppPort;
  /** The app's logger, as the product passes it. Default: none. */
  logger?: FastifyServerOptions['logger'];
}

/** What the test apps sign access tokens with, for tests that forge tokens. */
export const TEST_JWT_SECRET = 'test-secret-of-at-least-thirty-two-characters';

/** The API on a fresh database (or the one given) with a hand-moved clock; closed when the test ends. */
export async function createTestApp(t: Test, options: TestAppOptions = {}): Promise<TestApp> {
  const ownsDatabase = !options.db;
  const db = options.db ?? (await createTestDatabase());
  const clock = options.clock ?? createTestClock();
  const app = await buildApp({
    sql: db.sql,
    config: {
      jwtSecret: TEST_JWT_SECRET,
      loginRateLimit: options.loginRateLimit ?? { max: 1000, timeWindowMs: 60_000 },
      consoleDir: options.consoleDir,
      mapTiles: options.mapTiles,
      trustProxy: options.trustProxy,
    },
    now: clock.now,
    sandbox: options.sandbox,
    botUsername: options.botUsername,
    broadcaster: options.broadcaster,
    botStatus: options.botStatus,
    backups: options.backups,
    telegramWebhook: options.telegramWebhook,
    miniApp: options.miniApp,
    metrics: options.metrics,
    logger: options.logger,
  }).catch(async (error: unknown) => {
    // An open database keeps the test process alive until tap's timeout; fail fast instead.
    if (ownsDatabase) await db.close();
    throw error;
  });
  t.teardown(async () => {
    await app.close();
    if (ownsDatabase) await db.close();
  });

  const signIn = async (identifier: string, password: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { identifier, password } });
    const body = response.json();
    if (!body.success) throw new Error(`sign-in failed: ${response.body}`);
    return { token: body.token as string, refreshToken: body.refreshToken as string };
  };

  return {
    app,
    db,
    clock,
    signIn,
    async userWithToken(role, spec = {}) {
      const user = await anAdminUser(db.sql, { role, ...spec });
      return { id: user.id, username: user.username, password: user.password, ...(await signIn(user.username, user.password)) };
    },
    call(token, injectOptions) {
      return app.inject({ ...injectOptions, headers: { ...injectOptions.headers, ...(token && { authorization: `Bearer ${token}` }) } });
    },
  };
}
