import type { FastifyPluginAsync } from 'fastify';
import type { Sql } from '../../sql/database.js';

/** GET /api/health: for load balancers and container probes; no authentication. */
export const healthRoutes: FastifyPluginAsync<{ sql: Sql; botStatus: () => string }> = async (app, { sql, botStatus }) => {
  app.get('/api/health', { config: { public: true } }, async (_request, reply) => {
    const db = await sql`SELECT 1`.then(
      () => 'ok' as const,
      () => 'unreachable' as const,
    );
    const body = { status: db === 'ok' ? 'ok' : 'degraded', db, bot: botStatus() };
    return reply.status(db === 'ok' ? 200 : 503).send(body);
  });
};
