import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsCsvFileName, ContactAnalyticsQuerySchema, ContactAnalyticsSchema, type ContactAnalytics } from '../contract/analytics.js';
import { audit } from '../audit.js';
import { contactAnalytics } from '../analytics/contacts.js';
import { analyticsCsv, contactAnalyticsCsvRows } from '../analytics/csv.js';
import type { Sql } from '../../sql/database.js';

/** Contact Analytics (spec §2.14, §3, §7): the directory's figures for every role, their CSV for editors and up. */
export const contactAnalyticsRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/contact-analytics',
    { schema: { querystring: ContactAnalyticsQuerySchema, response: { 200: ContactAnalyticsSchema } }, config: { permission: 'analytics:read' } },
    async (request): Promise<ContactAnalytics> => contactAnalytics(sql, request.query, now()),
  );

  app.get(
    '/api/contact-analytics/export',
    { schema: { querystring: ContactAnalyticsQuerySchema }, config: { permission: 'analytics:export' } },
    async (request, reply) => {
      const at = now();
      const analytics = await contactAnalytics(sql, request.query, at);
      await audit(sql, request, { action: 'contact-analytics.export', targetType: 'contact_analytics', targetId: null, after: request.query });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${analyticsCsvFileName('contact-analytics', request.query.period, at)}"`)
        .send(analyticsCsv(contactAnalyticsCsvRows(analytics)));
    },
  );
};
