import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AnalyticsOverviewSchema,
  analyticsCsvFileName,
  LocationRequestsSchema,
  PeriodQuerySchema,
  TOP_LOCATIONS,
  type AnalyticsOverview,
  type AnalyticsPeriod,
  type LocationRequests,
} from '../contract/analytics.js';
import { audit } from '../audit.js';
import { analyticsCsv, overviewCsvRows } from '../analytics/csv.js';
import type { FigureCache } from '../analytics/figure-cache.js';
import { analyticsOverview } from '../analytics/overview.js';
import { cachePolicy, periodWindows } from '../analytics/windows.js';
import type { Sql } from '../../sql/database.js';
import { topLocations } from '../../sql/log-analytics.js';

/** The Analytics Dashboard (spec §2.12, §7, §9): its figures for every role, their CSV for editors and up. */
export const analyticsRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date; figureCache: FigureCache }> = async (instance, { sql, now, figureCache }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** The overview the screen shows, and so the one its export writes. */
  async function overviewOf(period: AnalyticsPeriod, at: Date): Promise<AnalyticsOverview> {
    const { key, ttlMs } = cachePolicy('overview', period, at);
    const { value, computedAt } = await figureCache(key, ttlMs, () => analyticsOverview(sql, period, at));
    return { ...value, asOf: computedAt.toISOString() };
  }

  app.get(
    '/api/analytics/overview',
    { schema: { querystring: PeriodQuerySchema, response: { 200: AnalyticsOverviewSchema } }, config: { permission: 'analytics:read' } },
    async (request): Promise<AnalyticsOverview> => overviewOf(request.query.period, now()),
  );

  app.get(
    '/api/analytics/location-requests',
    { schema: { querystring: PeriodQuerySchema, response: { 200: LocationRequestsSchema } }, config: { permission: 'analytics:read' } },
    async (request): Promise<LocationRequests> => {
      const { period } = request.query;
      const at = now();
      const { key, ttlMs } = cachePolicy('location-requests', period, at);
      const { value } = await figureCache(key, ttlMs, () => topLocations(sql, periodWindows(period, at).range, TOP_LOCATIONS));
      return { period, items: value };
    },
  );

  app.get(
    '/api/analytics/export',
    { schema: { querystring: PeriodQuerySchema }, config: { permission: 'analytics:export' } },
    async (request, reply) => {
      const { period } = request.query;
      const at = now();
      const overview = await overviewOf(period, at);
      await audit(sql, request, { action: 'analytics.export', targetType: 'analytics', targetId: null, after: { period } });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${analyticsCsvFileName('analytics', period, at)}"`)
        .send(analyticsCsv(overviewCsvRows(overview)));
    },
  );
};
