import { getHeapStatistics } from 'node:v8';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_RATE_THRESHOLD_PERCENT, SystemHealthSchema, type SystemHealth } from '../contract/system-health.js';
import type { BotStatusReport } from '../ports.js';
import { NO_BACKUP_FOLDER } from './backups.js';
import type { Sql } from '../../sql/database.js';
import type { BackupService } from '../../sql/backups.js';
import { getSystemSettings } from '../../sql/settings.js';
import { getNotificationSettings } from '../../sql/notification-settings.js';
import { telegramAlertsProblem } from '../contract/notifications.js';
import { broadcastQueueDepth, databaseLatencyMs, recentRequests } from '../../sql/system-health.js';
import { formatCount } from '../contract/plural.js';

const HOUR_MS = 60 * 60 * 1000;

interface SystemHealthDeps {
  sql: Sql;
  now: () => Date;
  botStatus: () => BotStatusReport;
  backups: BackupService | undefined;
}

const percent = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

function botProblem({ state, problem }: BotStatusReport): string | undefined {
  if (state === 'failed') return problem ?? 'The bot could not connect to Telegram';
  if (state === 'stopped' || state === 'not_running') return 'The bot is not running';
  return undefined;
}

/**
 * GET /api/system-health (spec §2.4 System Health Monitor and System Status banner): live values,
 * and "operational" only when nothing below needs attention; otherwise the reasons, one each.
 */
export const systemHealthRoutes: FastifyPluginAsync<SystemHealthDeps> = async (instance, { sql, now, botStatus, backups }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  async function measure(): Promise<SystemHealth> {
    const checkedAt = now();
    const latencyMs = await databaseLatencyMs(sql);
    const bot = botStatus();
    const memory = process.memoryUsage();
    const reasons: string[] = [];
    if (latencyMs === undefined) reasons.push('The database does not answer');
    const botIssue = botProblem(bot);
    if (botIssue) reasons.push(botIssue);

    const settings = latencyMs === undefined ? undefined : await getSystemSettings(sql);
    const maxResponseTimeSeconds = settings?.maxResponseTimeSeconds ?? 0;
    // Read before the list: a backup that ends in between is then in the list, never "not running" and missing.
    const backupState = backups?.status();
    const [recent, queueDepth, newestBackup, pauseSeconds, notifications] = settings
      ? await Promise.all([
          recentRequests(sql, new Date(checkedAt.getTime() - HOUR_MS), maxResponseTimeSeconds * 1000),
          broadcastQueueDepth(sql),
          backups?.list().then((files) => files[0]),
          backups?.pauseEstimateSeconds() ?? null,
          getNotificationSettings(sql),
        ])
      : [{ requests: 0, errors: 0, slow: 0 }, 0, undefined, null, undefined];
    // Below WARN the successes are not recorded, so a share of failures would mean nothing.
    const successesRecorded = settings?.logLevel === 'DEBUG' || settings?.logLevel === 'INFO';
    const errorRate = successesRecorded && recent.requests > 0 ? percent(recent.errors, recent.requests) : null;

    if (settings?.maintenanceMode) reasons.push('Maintenance mode is on: only whitelisted admins are served');
    if (errorRate !== null && errorRate > ERROR_RATE_THRESHOLD_PERCENT) reasons.push(`${errorRate}% of requests failed in the last hour`);
    if (recent.slow > 0) {
      reasons.push(`${formatCount(recent.slow, 'answer')} took longer than ${maxResponseTimeSeconds} s in the last hour`);
    }
    const backupStatus = backupState ?? { running: false, problem: settings?.autoBackup ? NO_BACKUP_FOLDER : null };
    if (backupStatus.problem) reasons.push(backupStatus.problem);

    return {
      status: reasons.length === 0 ? 'operational' : 'degraded',
      reasons,
      checkedAt: checkedAt.toISOString(),
      uptimeSeconds: Math.round(process.uptime()),
      database: { reachable: latencyMs !== undefined, latencyMs: latencyMs ?? null },
      bot: { state: bot.state, mode: bot.mode ?? null, lastUpdateAt: bot.lastUpdateAt?.toISOString() ?? null },
      broadcastQueueDepth: queueDepth,
      memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed, heapLimitBytes: getHeapStatistics().heap_size_limit },
      lastHour: { requests: recent.requests, errors: recent.errors, errorRate, slowResponses: recent.slow, maxResponseTimeSeconds },
      backup: {
        autoBackup: settings?.autoBackup ?? false,
        lastBackupAt: newestBackup?.createdAt.toISOString() ?? null,
        running: backupStatus.running,
        pauseSeconds,
        problem: backupStatus.problem,
      },
      alerts: { problem: notifications ? telegramAlertsProblem(notifications) : null },
    };
  }

  app.get(
    '/api/system-health',
    { schema: { response: { 200: SystemHealthSchema } }, config: { permission: 'system-health:read' } },
    measure,
  );
};
