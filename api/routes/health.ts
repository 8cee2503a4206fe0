import type { FastifyPluginAsync } from 'fastify';
import type { Sql } from '../../sql/database.js';

/**
 * GET /api/health: for load balancers and container probes; no authentication. Answers 503 only
 * when the database is unreachable: the console still works while Telegram is away.
 */
export const healthRoutes: FastifyPluginAsync<{ sql: Sql; botStatus: () => string }> = async (app, { sql, botStatus }) => {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    const db = await sql`SELECT 1`.then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
    const bot = botStatus();
    const healthy = db === 'ok' && (bot === 'running' || bot === 'starting' || bot === 'not_running');
    const body = { status: healthy ? 'ok' : 'degraded', db, bot };
    return reply.status(db === 'ok' ? 200 : 503).send(body);
  });
};
