import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseProber } from '../../sql/availability.js';

/** Under a second with the HTTP round trip: a load balancer's probe gives up after a few seconds, and an operator should not wait either. */
export const HEALTH_PROBE_MS = 800;

/**
 * GET /api/health: for load balancers and container probes; no authentication. Answers 503 only
 * when the database is unreachable (saying why): the console still works while Telegram is away.
 */
export const healthRoutes: FastifyPluginAsync<{ probe: DatabaseProber; botStatus: () => string }> = async (app, { probe, botStatus }) => {
  app.get('/api/health', { config: { public: true, ownDatabaseDeadline: true } }, async (_request, reply) => {
    const database = await probe(HEALTH_PROBE_MS);
    const bot = botStatus();
    if (!database.reachable) {
      return reply.status(503).send({ status: 'degraded', db: 'unreachable', reason: `database unavailable: ${database.reason}`, bot });
    }
    const healthy = bot === 'running' || bot === 'starting' || bot === 'not_running';
    return reply.status(200).send({ status: healthy ? 'ok' : 'degraded', db: 'ok', bot });
  });
};
