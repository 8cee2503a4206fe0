import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardQuerySchema, DashboardStatsSchema, dashboardCsvFileName, type DashboardPeriod } from '../contract/dashboard.js';
import { audit } from '../audit.js';
import type { FigureCache } from '../analytics/figure-cache.js';
import { dashboardCsv, readDashboardStats } from '../dashboard-figures.js';
import type { Sql } from '../../sql/database.js';
import { sendCsvFile } from '../csv-download.js';

/**
 * How long the Dashboard's figures are kept: every signed-in console polls them, and a 30-day
 * window counts distinct users over hundreds of thousands of rows.
 */
const FIGURES_KEPT_MS = 30_000;

/** The Dashboard's figures (spec §2.4, §7 GET /api/bot-stats) for every role, and their CSV for editors and up. */
export const botStatsRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date; figureCache: FigureCache }> = async (instance, { sql, now, figureCache }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const stats = async (period: DashboardPeriod) =>
    (await figureCache(`bot-stats:${period}`, FIGURES_KEPT_MS, () => readDashboardStats(sql, period, now()))).value;

  app.get(
    '/api/bot-stats',
    { schema: { querystring: DashboardQuerySchema, response: { 200: DashboardStatsSchema } }, config: { permission: 'dashboard:read' } },
    (request) => stats(request.query.period),
  );

  app.get(
    '/api/bot-stats/export',
    { schema: { querystring: DashboardQuerySchema }, config: { permission: 'analytics:export' } },
    async (request, reply) => {
      const at = now();
      // The figures on screen: the same kept answer the screen was given.
      const figures = await stats(request.query.period);
      await audit(sql, request, { action: 'dashboard.export', targetType: 'bot_stats', targetId: null, after: { period: figures.period } });
      return sendCsvFile(reply, dashboardCsvFileName(at), dashboardCsv(figures));
    },
  );
};
