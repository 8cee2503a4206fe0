import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Sql } from '../sql/database.js';
import { databaseProber, type DatabaseProber } from '../sql/availability.js';
import type { BotSandbox } from '../bot/index.js';
import type { AppMetrics, BotStatusReport, Broadcaster, MiniAppPort } from './ports.js';
import { installAccessTokens } from './auth/tokens.js';
import { installAuthorization } from './plugins/authorization.js';
import { installErrorHandler } from './plugins/error-handler.js';
import { installControlCharacterCheck } from './plugins/control-characters.js';
import { installDatabaseDeadline } from './plugins/database-deadline.js';
import { installConsole } from './plugins/static-console.js';
import { DEFAULT_MAP_TILES, installMiniAppPage, type MapTiles } from './plugins/mini-app-page.js';
import { installIdempotency } from './plugins/idempotency.js';
import { installSecurityHeaders } from './plugins/security-headers.js';
import { installRequestMetrics } from './plugins/request-metrics.js';
import { OneLineRequestLog } from './plugins/request-log.js';
import { installApiReference, tagged } from './plugins/api-reference.js';
import { accountRoutes } from './routes/account.js';
import { accountSessionRoutes } from './routes/account-sessions.js';
import { adminUserRoutes } from './routes/admin-users.js';
import { authRoutes } from './routes/auth.js';
import { botSandboxRoutes } from './routes/bot-sandbox.js';
import { botSandboxInlineQueryRoutes } from './routes/bot-sandbox-inline-queries.js';
import { botUserDetailRoutes } from './routes/bot-user-details.js';
import { botUserRoutes } from './routes/bot-users.js';
import { botLogRoutes } from './routes/bot-logs.js';
import { medicalContactRoutes } from './routes/medical-contacts.js';
import { contactImportRoutes } from './routes/contact-import.js';
import { messageTemplateRoutes } from './routes/message-templates.js';
import { healthRoutes } from './routes/health.js';
import { metricsRoutes } from './routes/metrics.js';
import { broadcastRoutes } from './routes/broadcasts.js';
import { authorizedGroupRoutes } from './routes/authorized-groups.js';
import { adminWhitelistRoutes } from './routes/admin-whitelist.js';
import { realTimeNotificationRoutes } from './routes/real-time-notifications.js';
import { notificationSettingsRoutes } from './routes/notification-settings.js';
import type { BackupService } from '../sql/backups.js';
import { systemSettingsRoutes } from './routes/system-settings.js';
import { specialtyRoutes } from './routes/specialties.js';
import { systemHealthRoutes } from './routes/system-health.js';
import { backupRoutes } from './routes/backups.js';
import { botStatsRoutes } from './routes/bot-stats.js';
import { analyticsRoutes } from './routes/analytics.js';
import { geographicAnalyticsRoutes } from './routes/geographic-analytics.js';
import { contactAnalyticsRoutes } from './routes/contact-analytics.js';
import { contactReportRoutes } from './routes/contact-reports.js';
import { selfConfirmationRoutes } from './routes/self-confirmation.js';
import { verificationQueueRoutes } from './routes/verification-queue.js';
import { auditLogRoutes } from './routes/audit-log.js';
import { createFigureCache, type FigureCache } from './analytics/figure-cache.js';
import { createContactDirectoryCache, type ContactDirectoryCache } from './contact-directory-cache.js';
import { miniAppRoutes } from './routes/mini-app.js';
import { telegramWebhookRoutes, type TelegramWebhook } from './routes/telegram-webhook.js';

export interface AppConfig {
  jwtSecret: string;
  /** The built console (console/dist); not served when absent. */
  consoleDir?: string;
  /** The Mini App's map tiles (MAP_TILE_URL, MAP_ATTRIBUTION); OpenStreetMap's when absent. */
  mapTiles?: MapTiles;
  /** Sign-in attempts allowed per client address and window. */
  loginRateLimit?: { max: number; timeWindowMs: number };
  /**
   * Behind a reverse proxy, take the client address from X-Forwarded-For: Fastify's trustProxy (true, or the
   * proxies' addresses and CIDR ranges). Unset: the connection's address.
   */
  trustProxy?: boolean | string | string[];
}

export interface AppDeps {
  sql: Sql;
  /** How health checks and request deadlines ask whether the database answers (databaseProber); `SELECT 1` on `sql` by default. */
  probeDatabase?: DatabaseProber;
  config: AppConfig;
  /** The time source; tests pass a controllable one. */
  now?: () => Date;
  /** The bot's connection state and last update, for the health checks. */
  botStatus?: () => BotStatusReport;
  /** The Bot Sandbox's driver, present when the built-in Telegram simulator runs. */
  sandbox?: BotSandbox;
  /** The bot's username once it knows itself (getMe): confirmation links open it. Absent without a bot. */
  botUsername?: () => string | undefined;
  /** The broadcast sender, woken when a broadcast is queued and used for test messages; absent without a bot. */
  broadcaster?: Broadcaster;
  /** The bot's side of the Mini App; absent without a bot, and the Mini App's API is not served. */
  miniApp?: MiniAppPort;
  /** Where Telegram posts updates, in webhook mode. */
  telegramWebhook?: TelegramWebhook;
  /** Database backups; absent when the process has no data folder for them. */
  backups?: BackupService;
  /** Kept analytics answers, shared with the job that renews them; a fresh one by default. */
  figureCache?: FigureCache;
  /** What the Medical Contacts routes keep between requests; a fresh one by default. */
  contactDirectoryCache?: ContactDirectoryCache;
  /** The process's metrics and METRICS_TOKEN: each request is timed into them, and a scrape with the token reads them at /metrics. Absent: off. */
  metrics?: { token: string; registry: AppMetrics };
  logger?: FastifyServerOptions['logger'];
}

const DEFAULT_LOGIN_RATE_LIMIT = { max: 20, timeWindowMs: 60_000 };
const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the HTTP app (API and console) over the given dependencies; the caller listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const now = deps.now ?? (() => new Date());
  const botStatus = deps.botStatus ?? (() => ({ state: 'not_running', lastUpdateAt: null }));
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new OneLineRequestLog(),
    trustProxy: deps.config.trustProxy ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  if (deps.metrics) installRequestMetrics(app, deps.metrics.registry);
  installErrorHandler(app);
  installControlCharacterCheck(app);
  await installSecurityHeaders(app);
  // Before authorization, whose sign-in check is the first query of most requests.
  const probe = deps.probeDatabase ?? databaseProber({ probeSql: deps.sql });
  installDatabaseDeadline(app, { probe });
  // Before the routes, whose schemas it gathers as they are registered; before the access check, being public.
  await installApiReference(app);

  const tokens = await installAccessTokens(app, { secret: deps.config.jwtSecret, now });
  installAuthorization(app, { sql: deps.sql, tokens, now });
  installIdempotency(app, { sql: deps.sql, now });
  await app.register(rateLimit, { global: false });

  await app.register(tagged('Health', healthRoutes), { sql: deps.sql, probe, botStatus });
  await app.register(tagged('Metrics', metricsRoutes), { metrics: deps.metrics });
  await app.register(tagged('Sign-in', authRoutes), { sql: deps.sql, tokens, now, loginRateLimit: deps.config.loginRateLimit ?? DEFAULT_LOGIN_RATE_LIMIT });
  await app.register(tagged('Account', accountRoutes), { sql: deps.sql, now });
  await app.register(tagged('Account sessions', accountSessionRoutes), { sql: deps.sql, now });
  await app.register(tagged('Admin users', adminUserRoutes), { sql: deps.sql, now });
  await app.register(tagged('Bot user details', botUserDetailRoutes), { sql: deps.sql, now });
  await app.register(tagged('Bot users', botUserRoutes), { sql: deps.sql, now });
  await app.register(tagged('Bot logs', botLogRoutes), { sql: deps.sql, now });
  await app.register(tagged('Medical contacts', medicalContactRoutes), { sql: deps.sql, now, cache: deps.contactDirectoryCache ?? createContactDirectoryCache(now) });
  await app.register(tagged('Bot Sandbox', botSandboxRoutes), { sql: deps.sql, sandbox: deps.sandbox, now });
  await app.register(tagged('Bot Sandbox', botSandboxInlineQueryRoutes), { sandbox: deps.sandbox });
  await app.register(tagged('Contact import', contactImportRoutes), { sql: deps.sql, now });
  await app.register(tagged('Broadcasts', broadcastRoutes), { sql: deps.sql, now, broadcaster: deps.broadcaster });
  await app.register(tagged('Message templates', messageTemplateRoutes), { sql: deps.sql, now });
  await app.register(tagged('Authorized groups', authorizedGroupRoutes), { sql: deps.sql, sandbox: deps.sandbox });
  await app.register(tagged('Admin whitelist', adminWhitelistRoutes), { sql: deps.sql });
  await app.register(tagged('Notifications', realTimeNotificationRoutes), { sql: deps.sql, now });
  await app.register(tagged('Notification settings', notificationSettingsRoutes), { sql: deps.sql });
  await app.register(tagged('System settings', systemSettingsRoutes), { sql: deps.sql, now });
  await app.register(tagged('Specialties', specialtyRoutes), { sql: deps.sql, now });
  await app.register(tagged('System health', systemHealthRoutes), { sql: deps.sql, now, botStatus, backups: deps.backups });
  await app.register(tagged('Backups', backupRoutes), { sql: deps.sql, backups: deps.backups });
  const figureCache = deps.figureCache ?? createFigureCache(now);
  await app.register(tagged('Bot stats', botStatsRoutes), { sql: deps.sql, now, figureCache });
  await app.register(tagged('Analytics', analyticsRoutes), { sql: deps.sql, now, figureCache });
  await app.register(tagged('Geographic analytics', geographicAnalyticsRoutes), { sql: deps.sql, now, figureCache });
  await app.register(tagged('Contact analytics', contactAnalyticsRoutes), { sql: deps.sql, now, figureCache });
  await app.register(tagged('Contact reports', contactReportRoutes), { sql: deps.sql, now });
  await app.register(tagged('Contact self-confirmation', selfConfirmationRoutes), { sql: deps.sql, now, botUsername: deps.botUsername ?? (() => undefined) });
  await app.register(tagged('Verification queue', verificationQueueRoutes), { sql: deps.sql, now });
  await app.register(tagged('Audit log', auditLogRoutes), { sql: deps.sql, now });
  if (deps.miniApp) await app.register(tagged('Mini App', miniAppRoutes), { now, miniApp: deps.miniApp });
  if (deps.telegramWebhook) await app.register(tagged('Telegram webhook', telegramWebhookRoutes), deps.telegramWebhook);
  installMiniAppPage(app, deps.config.consoleDir, deps.config.mapTiles ?? DEFAULT_MAP_TILES);
  await installConsole(app, deps.config.consoleDir);
  return app;
}
