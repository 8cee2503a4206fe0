import type { FastifyPluginAsync } from 'fastify';
import type { Sql } from '../../sql/database.js';
import { probeDatabase } from '../../sql/availability.js';

/** Under a second with the HTTP round trip: a load balancer's probe gives up after a few seconds, and an operator should not wait either. */
const PROBE_MS = 800;

/**
 * GET /api/health: for load balancers and container probes; no authentication. Answers 503 only
 * when the database is unreachable (saying why): the console still works while Telegram is away.
 */
export const healthRoutes: FastifyPluginAsync<{ probeSql: Sql; botStatus: () => string }> = async (app, { probeSql, botStatus }) => {
  app.get('/api/health', { config: { public: true, ownDatabaseDeadline: true } }, async (_request, reply) => {
    const probe = await probeDatabase(probeSql, PROBE_MS);
    const bot = botStatus();
    if (!probe.reachable) {
      return reply.status(503).send({ status: 'degraded', db: 'unreachable', reason: `database unavailable: ${probe.reason}`, bot });
    }
    const healthy = bot === 'running' || bot === 'starting' || bot === 'not_running';
    return reply.status(200).send({ status: healthy ? 'ok' : 'degraded', db: 'ok', bot });
  });
};
