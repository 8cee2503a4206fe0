import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DashboardQuerySchema, DashboardStatsSchema, dashboardCsvFileName, type DashboardPeriod, type DashboardStats } from '../contract/dashboard.js';
import { asksForFreshFigures } from '../analytics/figure-cache.js';
import { audited } from '../audited.js';
import type { FigureCache } from '../analytics/figure-cache.js';
import { dashboardCsv, readDashboardStats } from '../dashboard-figures.js';
import type { Sql } from '../../sql/database.js';
import { getSystemSettings } from '../../sql/settings.js';
import { sendCsvFile } from '../csv-download.js';

/**
 * How long the Dashboard's figures are kept: every signed-in console polls them, and a 30-day
 * window counts distinct users over hundreds of thousands of rows.
 */
const FIGURES_KEPT_MS = 30_000;

/** The Dashboard's figures (spec §2.4, §7 GET /api/bot-stats) for every role, and their CSV for editors and up. */
export const botStatsRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date; figureCache: FigureCache }> = async (instance, { sql, now, figureCache }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const stats = async (period: DashboardPeriod, fresh: boolean): Promise<DashboardStats> => {
    const { timeZone } = await getSystemSettings(sql);
    const key = `bot-stats:${period}:${timeZone}`;
    const { value, computedAt } = await figureCache(key, fresh ? 0 : FIGURES_KEPT_MS, () => readDashboardStats(sql, period, now(), timeZone));
    return { ...value, asOf: computedAt.toISOString() };
  };

  app.get(
    '/api/bot-stats',
    { schema: { querystring: DashboardQuerySchema, response: { 200: DashboardStatsSchema } }, config: { permission: 'dashboard:read' } },
    (request) => stats(request.query.period, asksForFreshFigures(request)),
  );

  app.get(
    '/api/bot-stats/export',
    { schema: { querystring: DashboardQuerySchema }, config: { permission: 'dashboard:export' } },
    async (request, reply) => {
      const at = now();
      // The figures on screen: the same kept answer the screen was given.
      const figures = await stats(request.query.period, asksForFreshFigures(request));
      await audited(sql, request, { action: 'dashboard.export', targetId: null, after: { period: figures.period } });
      return sendCsvFile(reply, dashboardCsvFileName(at), dashboardCsv(figures));
    },
  );
};
