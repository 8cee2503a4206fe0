import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GeographicAnalyticsSchema,
  GeographicHeatmapSchema,
  GeographicQuerySchema,
  PerformanceMetricsSchema,
  PeriodQuerySchema,
  type GeographicAnalytics,
  type GeographicHeatmap,
  type PerformanceMetrics,
} from '../contract/analytics.js';
import type { FigureCache } from '../analytics/figure-cache.js';
import { geographicAnalytics, geographicHeatmap, performanceMetrics } from '../analytics/geographic.js';
import { cachePolicy } from '../analytics/windows.js';
import type { Sql } from '../../sql/database.js';

/** Geographic Analytics (spec §2.13, §3, §7): requests and performance per place, for every role. */
export const geographicAnalyticsRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date; figureCache: FigureCache }> = async (
  instance,
  { sql, now, figureCache },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/geographic-analytics',
    { schema: { querystring: GeographicQuerySchema, response: { 200: GeographicAnalyticsSchema } }, config: { permission: 'analytics:read' } },
    async (request): Promise<GeographicAnalytics> => {
      const at = now();
      const { key, ttlMs } = cachePolicy('geographic', request.query.period, at, request.query.country);
      const { value, computedAt } = await figureCache(key, ttlMs, () => geographicAnalytics(sql, request.query, at));
      return { ...value, asOf: computedAt.toISOString() };
    },
  );

  app.get(
    '/api/geographic-heatmap',
    { schema: { querystring: GeographicQuerySchema, response: { 200: GeographicHeatmapSchema } }, config: { permission: 'analytics:read' } },
    async (request): Promise<GeographicHeatmap> => {
      const at = now();
      const { key, ttlMs } = cachePolicy('heatmap', request.query.period, at, request.query.country);
      return (await figureCache(key, ttlMs, () => geographicHeatmap(sql, request.query, at))).value;
    },
  );

  app.get(
    '/api/performance-metrics',
    { schema: { querystring: PeriodQuerySchema, response: { 200: PerformanceMetricsSchema } }, config: { permission: 'analytics:read' } },
    async (request): Promise<PerformanceMetrics> => {
      const at = now();
      const { key, ttlMs } = cachePolicy('performance', request.query.period, at);
      return (await figureCache(key, ttlMs, () => performanceMetrics(sql, request.query.period, at))).value;
    },
  );
};
