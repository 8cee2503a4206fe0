import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AuditLogFilterOptionsSchema,
  AuditLogFilterSchema,
  AuditLogPageSchema,
  AuditLogQuerySchema,
  auditLogCsvFileName,
  type AuditLogEntry,
  type AuditLogPage,
} from '../contract/audit-log.js';
import { audited } from '../audited.js';
import { auditLogCsvStream } from '../audit-log-csv.js';
import { sendCsvFile } from '../csv-download.js';
import type { Sql } from '../../sql/database.js';
import { auditEntriesForExport, auditFilterOptions, listAuditEntries, type StoredAuditEntry } from '../../sql/audit-log.js';

function toAuditLogEntry({ createdAt, beforeJson, afterJson, ...entry }: StoredAuditEntry): AuditLogEntry {
  return {
    ...entry,
    createdAt: createdAt.toISOString(),
    before: beforeJson === null ? null : (JSON.parse(beforeJson) as AuditLogEntry['before']),
    after: afterJson === null ? null : (JSON.parse(afterJson) as AuditLogEntry['after']),
  };
}

/** The audit log: admins read every change staff made, filter it and export it. */
export const auditLogRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/audit-log',
    { schema: { querystring: AuditLogQuerySchema, response: { 200: AuditLogPageSchema } }, config: { permission: 'audit-log:view' } },
    async (request): Promise<AuditLogPage> => {
      const { page, pageSize, ...filter } = request.query;
      const { items, total } = await listAuditEntries(sql, filter, { page, pageSize });
      return { items: items.map(toAuditLogEntry), total, page, pageSize };
    },
  );

  app.get(
    '/api/audit-log/filters',
    { schema: { response: { 200: AuditLogFilterOptionsSchema } }, config: { permission: 'audit-log:view' } },
    async () => auditFilterOptions(sql),
  );

  app.get(
    '/api/audit-log/export',
    { schema: { querystring: AuditLogFilterSchema }, config: { permission: 'audit-log:view' } },
    async (request, reply) => {
      const filter = request.query;
      // Who took a copy of the trail is worth knowing, like every export; reading it is not audited.
      await audited(sql, request, { action: 'audit-log.export', targetId: null, after: { filter } });
      return sendCsvFile(reply, auditLogCsvFileName(now()), auditLogCsvStream(auditEntriesForExport(sql, filter)));
    },
  );
};
