import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsCsvFileName, ContactAnalyticsQuerySchema, ContactAnalyticsSchema } from '../contract/analytics.js';
import { audited } from '../audited.js';
import { contactAnswer, requestedFreshness } from '../analytics/answers.js';
import { analyticsCsv, contactAnalyticsCsvRows } from '../analytics/csv.js';
import type { FigureCache } from '../analytics/figure-cache.js';
import type { Sql } from '../../sql/database.js';
import { sendSharedJson } from '../shared-json.js';
import { sendCsvFile } from '../csv-download.js';

/** Contact Analytics (spec §2.14, §3, §7): the directory's figures for every role, their CSV for editors and up. */
export const contactAnalyticsRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date; figureCache: FigureCache }> = async (
  instance,
  { sql, now, figureCache },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const context = () => ({ sql, cache: figureCache, at: now() });

  app.get(
    '/api/contact-analytics',
    { schema: { querystring: ContactAnalyticsQuerySchema, response: { 200: ContactAnalyticsSchema } }, config: { permission: 'analytics:read' } },
    async (request, reply) => sendSharedJson(reply, ContactAnalyticsSchema, await contactAnswer({ ...context(), ...requestedFreshness(request) }, request.query)),
  );

  app.get(
    '/api/contact-analytics/export',
    { schema: { querystring: ContactAnalyticsQuerySchema }, config: { permission: 'analytics:export' } },
    async (request, reply) => {
      const at = context();
      // The answer the screen shows, so the file holds the figures on screen.
      const analytics = await contactAnswer(at, request.query);
      await audited(sql, request, { action: 'contact-analytics.export', targetId: null, after: request.query });
      return sendCsvFile(reply, analyticsCsvFileName('contact-analytics', request.query.period, at.at), analyticsCsv(contactAnalyticsCsvRows(analytics)));
    },
  );
};
