import type { FastifyPluginAsync } from 'fastify';
import { withinDeadline, type DatabaseProber } from '../../sql/availability.js';
import type { Sql } from '../../sql/database.js';
import { unavailableReason } from '../../sql/errors.js';
import { pendingMigrations } from '../../sql/migrate.js';
import type { BotStatusReport } from '../ports.js';

/** Under a second with the HTTP round trip: a load balancer's probe gives up after a few seconds, and an operator should not wait either. */
export const HEALTH_PROBE_MS = 800;

export interface HealthRoutesOptions {
  sql: Sql;
  probe: DatabaseProber;
  botStatus: () => BotStatusReport;
}

/**
 * The probes, all without authentication. GET /api/health (the console's System Status too) answers 503
 * only when the database is unreachable (saying why): the console still works while Telegram is away.
 * GET /api/health/live says the process serves, without asking the database: restarting the process
 * mends no database outage. GET /api/health/ready says whether this instance should be sent traffic.
 */
export const healthRoutes: FastifyPluginAsync<HealthRoutesOptions> = async (app, { sql, probe, botStatus }) => {
  app.get('/api/health', { config: { public: true, ownDatabaseDeadline: true } }, async (_request, reply) => {
    const database = await probe(HEALTH_PROBE_MS);
    const bot = botStatus().state;
    if (!database.reachable) {
      return reply.status(503).send({ status: 'degraded', db: 'unreachable', reason: `database unavailable: ${database.reason}`, bot });
    }
    const healthy = bot === 'running' || bot === 'starting' || bot === 'not_running';
    return reply.status(200).send({ status: healthy ? 'ok' : 'degraded', db: 'ok', bot });
  });

  app.get('/api/health/live', { config: { public: true, ownDatabaseDeadline: true } }, async () => ({ status: 'ok' }));

  // Applied migrations stay applied while the process runs: once none is pending, the check is not asked again.
  let migrated = false;
  /** Why this instance should not be sent traffic, or undefined when it should. */
  async function notReadyBecause(): Promise<string | undefined> {
    const database = await probe(HEALTH_PROBE_MS);
    if (!database.reachable) return `database unavailable: ${database.reason}`;
    if (!migrated) {
      let pending: string[];
      try {
        pending = await withinDeadline(pendingMigrations(sql), HEALTH_PROBE_MS);
      } catch (error) {
        return `database unavailable: ${unavailableReason(error)}`;
      }
      if (pending.length > 0) return `migrations not applied: ${pending.join(', ')}`;
      migrated = true;
    }
    const bot = botStatus();
    if (bot.state === 'failed') return bot.problem ? `bot failed: ${bot.problem}` : 'bot failed';
    return undefined;
  }

  app.get('/api/health/ready', { config: { public: true, ownDatabaseDeadline: true } }, async (_request, reply) => {
    const reason = await notReadyBecause();
    if (reason) return reply.status(503).send({ status: 'not_ready', reason });
    return reply.status(200).send({ status: 'ok' });
  });
};
