import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardQuerySchema, DashboardStatsSchema, dashboardCsvFileName } from '../contract/dashboard.js';
import { audit } from '../audit.js';
import { dashboardCsv, readDashboardStats } from '../dashboard-figures.js';
import type { Sql } from '../../sql/database.js';

/** The Dashboard's figures (spec §2.4, §7 GET /api/bot-stats) for every role, and their CSV for editors and up. */
export const botStatsRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/bot-stats',
    { schema: { querystring: DashboardQuerySchema, response: { 200: DashboardStatsSchema } }, config: { permission: 'dashboard:read' } },
    (request) => readDashboardStats(sql, request.query.period, now()),
  );

  app.get(
    '/api/bot-stats/export',
    { schema: { querystring: DashboardQuerySchema }, config: { permission: 'analytics:export' } },
    async (request, reply) => {
      const at = now();
      const stats = await readDashboardStats(sql, request.query.period, at);
      await audit(sql, request, { action: 'dashboard.export', targetType: 'bot_stats', targetId: null, after: { period: stats.period } });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${dashboardCsvFileName(at)}"`)
        .send(dashboardCsv(stats));
    },
  );
};
