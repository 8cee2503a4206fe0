import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactReportListSchema, ContactReportSchema, ResolveReportSchema, type ContactReport } from '../contract/contact-reports.js';
import { IdParamsSchema } from '../contract/fields.js';
import { notFound } from '../errors.js';
import { audited } from '../audited.js';
import { requireAuth } from '../plugins/authorization.js';
import type { Sql } from '../../sql/database.js';
import { findContactReport, listContactReports, resolveContactReport, type StoredContactReport } from '../../sql/contact-reports.js';
import { findMedicalContact } from '../../sql/medical-contacts.js';

function toContactReport(report: StoredContactReport): ContactReport {
  return { ...report, createdAt: report.createdAt.toISOString(), resolvedAt: report.resolvedAt?.toISOString() ?? null };
}

/** The problems bot users reported about contacts: listed per contact, resolved by editors and up. */
export const contactReportRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/medical-contacts/:id/reports',
    { schema: { params: IdParamsSchema, response: { 200: ContactReportListSchema } }, config: { permission: 'contact-reports:read' } },
    async (request): Promise<ContactReport[]> => {
      const reports = await listContactReports(sql, request.params.id);
      if (reports.length === 0 && !(await findMedicalContact(sql, request.params.id))) throw notFound('No medical contact with this id');
      return reports.map(toContactReport);
    },
  );

  app.patch(
    '/api/contact-reports/:id',
    {
      schema: { params: IdParamsSchema, body: ResolveReportSchema, response: { 200: ContactReportSchema } },
      config: { permission: 'contact-reports:resolve' },
    },
    async (request): Promise<ContactReport> => {
      const before = await findContactReport(sql, request.params.id);
      if (!before) throw notFound('No report with this id');
      const adminId = requireAuth(request).id;
      return audited(sql, request, {
        change: async (tx) => {
          const after = await resolveContactReport(tx, before.id, { status: request.body.status, adminId, at: now() });
          if (!after) throw notFound('No report with this id');
          return toContactReport(after);
        },
        audit: (after) => ({
          action: 'contact-report.resolve',
          targetId: after.id,
          before: { status: before.status, contactId: before.contactId },
          after: { status: after.status, contactId: after.contactId },
        }),
      });
    },
  );
};
