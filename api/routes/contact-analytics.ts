import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsCsvFileName,
  ContactAnalyticsQuerySchema,
  ContactAnalyticsSchema,
  type ContactAnalytics,
  type ContactAnalyticsQuery,
} from '../contract/analytics.js';
import { audit } from '../audit.js';
import { contactAnalytics } from '../analytics/contacts.js';
import { analyticsCsv, contactAnalyticsCsvRows } from '../analytics/csv.js';
import type { FigureCache } from '../analytics/figure-cache.js';
import { cachePolicy } from '../analytics/windows.js';
import type { Sql } from '../../sql/database.js';

/** Contact Analytics (spec §2.14, §3, §7): the directory's figures for every role, their CSV for editors and up. */
export const contactAnalyticsRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date; figureCache: FigureCache }> = async (
  instance,
  { sql, now, figureCache },
) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** The figures the screen shows, and so the ones its export writes. */
  async function analyticsOf(query: ContactAnalyticsQuery, at: Date): Promise<ContactAnalytics> {
    const { key, ttlMs } = cachePolicy('contacts', query.period, at, query.region);
    const { value, computedAt } = await figureCache(key, ttlMs, () => contactAnalytics(sql, query, at));
    return { ...value, asOf: computedAt.toISOString() };
  }

  app.get(
    '/api/contact-analytics',
    { schema: { querystring: ContactAnalyticsQuerySchema, response: { 200: ContactAnalyticsSchema } }, config: { permission: 'analytics:read' } },
    async (request): Promise<ContactAnalytics> => analyticsOf(request.query, now()),
  );

  app.get(
    '/api/contact-analytics/export',
    { schema: { querystring: ContactAnalyticsQuerySchema }, config: { permission: 'analytics:export' } },
    async (request, reply) => {
      const at = now();
      const analytics = await analyticsOf(request.query, at);
      await audit(sql, request, { action: 'contact-analytics.export', targetType: 'contact_analytics', targetId: null, after: request.query });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${analyticsCsvFileName('contact-analytics', request.query.period, at)}"`)
        .send(analyticsCsv(contactAnalyticsCsvRows(analytics)));
    },
  );
};
