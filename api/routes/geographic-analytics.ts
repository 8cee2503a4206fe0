import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GeographicAnalyticsSchema,
  GeographicHeatmapSchema,
  GeographicQuerySchema,
  PerformanceMetricsSchema,
} from '../contract/analytics.js';
import { geographicAnswer, heatmapAnswer, performanceAnswer } from '../analytics/answers.js';
import type { FigureCache } from '../analytics/figure-cache.js';
import type { Sql } from '../../sql/database.js';
import { sendSharedJson } from '../shared-json.js';

/** Geographic Analytics (spec §2.13, §3, §7): requests and performance per place, for every role. */
export const geographicAnalyticsRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date; figureCache: FigureCache }> = async (
  instance,
  { sql, now, figureCache },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const context = () => ({ sql, cache: figureCache, at: now() });

  app.get(
    '/api/geographic-analytics',
    { schema: { querystring: GeographicQuerySchema, response: { 200: GeographicAnalyticsSchema } }, config: { permission: 'analytics:read' } },
    async (request, reply) => sendSharedJson(reply, GeographicAnalyticsSchema, await geographicAnswer(context(), request.query)),
  );

  app.get(
    '/api/geographic-heatmap',
    { schema: { querystring: GeographicQuerySchema, response: { 200: GeographicHeatmapSchema } }, config: { permission: 'analytics:read' } },
    async (request, reply) => sendSharedJson(reply, GeographicHeatmapSchema, await heatmapAnswer(context(), request.query)),
  );

  app.get(
    '/api/performance-metrics',
    { schema: { querystring: GeographicQuerySchema, response: { 200: PerformanceMetricsSchema } }, config: { permission: 'analytics:read' } },
    async (request, reply) => sendSharedJson(reply, PerformanceMetricsSchema, await performanceAnswer(context(), request.query)),
  );
};
