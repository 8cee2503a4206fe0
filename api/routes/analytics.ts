import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AnalyticsOverviewSchema,
  analyticsCsvFileName,
  LocationRequestsSchema,
  PeriodQuerySchema,
} from '../contract/analytics.js';
import { audited } from '../audited.js';
import { locationRequestsAnswer, overviewAnswer, requestedFreshness } from '../analytics/answers.js';
import { analyticsCsv, overviewCsvRows } from '../analytics/csv.js';
import type { FigureCache } from '../analytics/figure-cache.js';
import type { Sql } from '../../sql/database.js';
import { sendSharedJson } from '../shared-json.js';
import { sendCsvFile } from '../csv-download.js';

/** The Analytics Dashboard (spec §2.12, §7, §9): its figures for every role, their CSV for editors and up. */
export const analyticsRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date; figureCache: FigureCache }> = async (instance, { sql, now, figureCache }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const context = () => ({ sql, cache: figureCache, at: now() });

  app.get(
    '/api/analytics/overview',
    { schema: { querystring: PeriodQuerySchema, response: { 200: AnalyticsOverviewSchema } }, config: { permission: 'analytics:read' } },
    async (request, reply) =>
      sendSharedJson(reply, AnalyticsOverviewSchema, await overviewAnswer({ ...context(), ...requestedFreshness(request) }, request.query.period)),
  );

  app.get(
    '/api/analytics/location-requests',
    { schema: { querystring: PeriodQuerySchema, response: { 200: LocationRequestsSchema } }, config: { permission: 'analytics:read' } },
    async (request, reply) => sendSharedJson(reply, LocationRequestsSchema, await locationRequestsAnswer(context(), request.query.period)),
  );

  app.get(
    '/api/analytics/export',
    { schema: { querystring: PeriodQuerySchema }, config: { permission: 'analytics:export' } },
    async (request, reply) => {
      const { period } = request.query;
      const at = context();
      // The answer the screen shows, so the file holds the figures on screen.
      const overview = await overviewAnswer(at, period);
      await audited(sql, request, { action: 'analytics.export', targetId: null, after: { period } });
      return sendCsvFile(reply, analyticsCsvFileName('analytics', period, at.at), analyticsCsv(overviewCsvRows(overview)));
    },
  );
};
