import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ContactImportListSchema,
  ContactImportSchema,
  ImportCommitRequestSchema,
  ImportPreviewRequestSchema,
  ImportPreviewResponseSchema,
  ImportStartedResponseSchema,
  MAX_PREVIEW_PROBLEM_ROWS,
  type ContactImport,
  type ImportPreviewResponse,
} from '../contract/contact-import.js';
import { BulkResultSchema, ContactFilterSchema } from '../contract/medical-contacts.js';
import { IdParamsSchema } from '../contract/fields.js';
import { conflict, notFound } from '../errors.js';
import { audited } from '../audited.js';
import { contactsCsvStream, parseContactsCsv, type ParsedRow } from '../contact-csv.js';
import type { Sql } from '../../sql/database.js';
import { checkRows, importRows, previewRow } from '../contact-import-rows.js';
import {
  contactsForExport,
  createContactImport,
  failAbandonedImports,
  failContactImport,
  findContactImport,
  listContactImports,
  undoContactImport,
} from '../../sql/contact-imports.js';
import { sendCsvFile } from '../csv-download.js';
import { loadSpecialtyTaxonomy } from '../../sql/specialties.js';

/** A 10 MB CSV grows when JSON escapes its quotes and line breaks. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** Counts of an import still running, kept here because its transaction hides them from other connections. */
interface Progress {
  record: ContactImport;
  done: Promise<void>;
}

/**
 * CSV import (preview, commit in one background transaction, progress, undo) and CSV export of the
 * contacts directory. Registered before the directory's `/api/medical-contacts/:id` routes; the
 * static paths here win over that parameter.
 */
export const contactImportRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const running = new Map<number, Progress>();

  // An import cannot survive a restart: its transaction was rolled back.
  await failAbandonedImports(sql, now());
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running.values()].map((progress) => progress.done));
  });

  app.post(
    '/api/medical-contacts/import/preview',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: ImportPreviewRequestSchema, response: { 200: ImportPreviewResponseSchema } },
      config: { permission: 'contacts:write' },
    },
    async (request): Promise<ImportPreviewResponse> => {
      const parsed = parseContactsCsv(request.body.csv, request.body.mapping ?? {}, await loadSpecialtyTaxonomy(sql), now());
      const rows = (await checkRows(sql, parsed.rows)).map(previewRow);
      const problems = rows.filter((row) => row.status !== 'ok');
      return {
        headers: parsed.headers,
        mapping: parsed.mapping,
        totalRows: rows.length,
        validRows: rows.length - problems.length,
        errorRows: problems.filter((row) => row.status === 'error').length,
        duplicateRows: problems.filter((row) => row.status === 'duplicate').length,
        rows: problems.slice(0, MAX_PREVIEW_PROBLEM_ROWS),
        rowsTruncated: problems.length > MAX_PREVIEW_PROBLEM_ROWS,
      };
    },
  );

  app.post(
    '/api/medical-contacts/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: { body: ImportCommitRequestSchema, response: { 202: ImportStartedResponseSchema } },
      // A repeat of a start whose answer was lost finds the import it started, instead of importing again.
      config: { permission: 'contacts:write', idempotent: true },
    },
    async (request, reply) => {
      const { csv, mapping, fileName, skipDuplicates } = request.body;
      const parsed = parseContactsCsv(csv, mapping ?? {}, await loadSpecialtyTaxonomy(sql), now());
      const record = await createContactImport(sql, {
        fileName: fileName ?? null,
        createdBy: request.auth?.id ?? null,
        totalRows: parsed.rows.length,
        createdAt: now(),
      });
      const progress: Progress = { record, done: Promise.resolve() };
      running.set(record.id, progress);
      progress.done = runImport(request, progress, parsed.rows, skipDuplicates).finally(() => running.delete(record.id));
      return reply.status(202).send({ importId: record.id });
    },
  );

  /** Inserts the rows in one transaction, batch by batch; the import is completed or failed at the end. */
  async function runImport(request: FastifyRequest, progress: Progress, rows: ParsedRow[], skipDuplicates: boolean): Promise<void> {
    const { record } = progress;
    const by = { userId: request.auth?.id ?? null, now: now() };
    try {
      const actor = { id: by.userId, username: request.auth?.username ?? null, ip: request.ip };
      // An import nobody recorded is not kept.
      await audited(sql, request, {
        change: (tx) => importRows(tx, record, rows, { skipDuplicates, by, actor, now }),
        audit: (imported) => ({ action: 'contact.import', targetId: record.id, after: imported }),
      });
    } catch (error) {
      request.log.error({ err: error, importId: record.id }, 'contact import failed');
      await failContactImport(sql, record.id, 'The import failed and nothing was imported. Check the file and try again.', now()).catch(
        (failure: unknown) => request.log.error({ err: failure, importId: record.id }, 'could not mark the import failed'),
      );
    }
  }

  app.get(
    '/api/medical-contacts/imports',
    { schema: { response: { 200: ContactImportListSchema } }, config: { permission: 'contacts:read' } },
    async () => {
      const items = await listContactImports(sql);
      return { items: items.map((item) => running.get(item.id)?.record ?? item) };
    },
  );

  app.get(
    '/api/medical-contacts/imports/:id',
    { schema: { params: IdParamsSchema, response: { 200: ContactImportSchema } }, config: { permission: 'contacts:read' } },
    async (request): Promise<ContactImport> => {
      const live = running.get(request.params.id);
      if (live) return live.record;
      const found = await findContactImport(sql, request.params.id);
      if (!found) throw notFound('No import with this id');
      return found;
    },
  );

  app.post(
    '/api/medical-contacts/imports/:id/undo',
    { schema: { params: IdParamsSchema, response: { 200: BulkResultSchema } }, config: { permission: 'contacts:write' } },
    async (request) => {
      const { id } = request.params;
      if (running.has(id)) throw conflict('This import is still running: undo it when it has finished');
      return audited(sql, request, {
        change: async (tx) => {
          const result = await undoContactImport(tx, id, { userId: request.auth?.id ?? null, now: now() });
          if (result.outcome === 'not-found') throw notFound('No import with this id');
          if (result.outcome === 'not-undoable') {
            throw conflict(result.status === 'undone' ? 'This import has already been undone' : `An import that is ${result.status} cannot be undone`);
          }
          return { recordsAffected: result.recordsAffected };
        },
        audit: (undone) => ({ action: 'contact.import-undo', targetId: id, after: undone }),
      });
    },
  );

  app.get(
    '/api/medical-contacts/export',
    { schema: { querystring: ContactFilterSchema }, config: { permission: 'contacts:read' } },
    async (request, reply) => {
      const at = now();
      // Every contact's phone leaves the console here: audited like every other export.
      await audited(sql, request, { action: 'contact.export', targetId: null, after: { filter: request.query } });
      const stream = contactsCsvStream(contactsForExport(sql, request.query, at));
      return sendCsvFile(reply, `medical-contacts-${at.toISOString().slice(0, 10)}.csv`, stream);
    },
  );
};
