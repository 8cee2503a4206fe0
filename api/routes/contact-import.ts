import { errorCodes, type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import {
  ContactImportListSchema,
  ContactImportSchema,
  IMPORT_CSV_MEDIA_TYPE,
  ImportCommitQuerySchema,
  ImportPreviewQuerySchema,
  ImportPreviewResponseSchema,
  ImportStartedResponseSchema,
  MAX_IMPORT_CSV_BYTES,
  type ContactImport,
  type ImportField,
  type ImportPreviewResponse,
} from '../contract/contact-import.js';
import { BulkResultSchema, ContactFilterSchema } from '../contract/medical-contacts.js';
import { IdParamsSchema } from '../contract/fields.js';
import { ApiError, badRequest, conflict, notFound } from '../errors.js';
import { audited } from '../audited.js';
import { contactsCsvStream, readContactsCsv, type ContactCsvRows } from '../contact-csv.js';
import type { Sql } from '../../sql/database.js';
import { importRows, previewRows } from '../contact-import-rows.js';
import { createPlaceCountries } from '../place-countries.js';
import {
  contactsForExport,
  createContactImport,
  discardContactImport,
  failAbandonedImports,
  failContactImport,
  findContactImport,
  listContactImports,
  undoContactImport,
} from '../../sql/contact-imports.js';
import { sendCsvFile } from '../csv-download.js';
import { loadSpecialtyTaxonomy } from '../../sql/specialties.js';

/** Counts of an import still running, kept here because its transaction hides them from other connections. */
interface Progress {
  record: ContactImport;
  done: Promise<void>;
}

/** The body as it arrives, refused with a 413 once it grows past the limit (Fastify counts only the bodies it reads itself). */
function limitedBody(payload: Readable, limit: number): Readable {
  let length = 0;
  const counted = new Readable({ read: () => payload.resume() });
  const onData = (chunk: Buffer) => {
    length += chunk.length;
    if (length > limit) counted.destroy(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE());
    else if (!counted.push(chunk)) payload.pause();
  };
  payload.on('data', onData);
  payload.on('end', () => counted.push(null));
  payload.on('error', (error) => counted.destroy(error));
  // Once the reader is done with it (refused, or its request failed), the rest of the body is read and
  // dropped: the connection then carries the answer, and the next request.
  counted.once('close', () => {
    payload.off('data', onData);
    payload.resume();
  });
  return counted;
}

/**
 * CSV import (preview, commit in one background transaction, progress, undo) and CSV export of the
 * contacts directory. Registered before the directory's `/api/medical-contacts/:id` routes; the
 * static paths here win over that parameter.
 */
export const contactImportRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const running = new Map<number, Progress>();
  const placeCountries = createPlaceCountries();

  // An import cannot survive a restart: its transaction was rolled back.
  await failAbandonedImports(sql, now());
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running.values()].map((progress) => progress.done));
  });

  /** The request's CSV file, its header read; the rows follow as the body arrives. */
  async function csvFile(request: FastifyRequest, mapping: Record<string, ImportField | null> | undefined): Promise<ContactCsvRows> {
    if (!(request.body instanceof Readable)) throw badRequest('The CSV file is empty. Choose a file with a header row and contacts.', 'csv');
    return readContactsCsv(request.body, mapping ?? {}, await loadSpecialtyTaxonomy(sql), now());
  }

  // The file is the body itself, read as it arrives (docs/architecture.md, "The contacts CSV import"). Reading
  // takes as long as the file takes to arrive, and its transaction holds the embedded database's one
  // connection meanwhile, so the API's deadline, which probes through that connection, is not theirs: a
  // database gone away fails their queries (postgres.js's connect timeout).
  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<ZodTypeProvider>();
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser(IMPORT_CSV_MEDIA_TYPE, (request, payload, done) => {
      if (Number(request.headers['content-length'] ?? 0) > MAX_IMPORT_CSV_BYTES) done(new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE(), undefined);
      else done(null, limitedBody(payload, MAX_IMPORT_CSV_BYTES));
    });
    uploads.addHook('onSend', async (request) => {
      if (request.body instanceof Readable) request.body.destroy();
    });
    uploads.addContentTypeParser('*', (_request, _payload, done) => {
      done(new ApiError(415, `Send the CSV file itself as the request body (Content-Type: ${IMPORT_CSV_MEDIA_TYPE})`), undefined);
    });

    uploads.post(
      '/api/medical-contacts/import/preview',
      {
        bodyLimit: MAX_IMPORT_CSV_BYTES,
        schema: { querystring: ImportPreviewQuerySchema, consumes: [IMPORT_CSV_MEDIA_TYPE], response: { 200: ImportPreviewResponseSchema } },
        config: { permission: 'contacts:write', ownDatabaseDeadline: true },
      },
      async (request): Promise<ImportPreviewResponse> => {
        return previewRows(sql, placeCountries, await csvFile(request, request.query.mapping));
      },
    );

    uploads.post(
      '/api/medical-contacts/import',
      {
        bodyLimit: MAX_IMPORT_CSV_BYTES,
        schema: { querystring: ImportCommitQuerySchema, consumes: [IMPORT_CSV_MEDIA_TYPE], response: { 202: ImportStartedResponseSchema } },
        // A repeat of a start whose answer was lost finds the import it started, instead of importing again.
        config: { permission: 'contacts:write', idempotent: true, ownDatabaseDeadline: true },
      },
      async (request, reply) => {
        const { mapping, fileName, skipDuplicates } = request.query;
        const file = await csvFile(request, mapping);
        const record = await createContactImport(sql, {
          fileName: fileName ?? null,
          createdBy: request.auth?.id ?? null,
          totalRows: 0,
          createdAt: now(),
        });
        const progress: Progress = { record, done: Promise.resolve() };
        running.set(record.id, progress);
        // Answered once the whole file is read: a file refused on the way is a 400, and no import.
        await new Promise<void>((onRead, onRefused) => {
          progress.done = runImport(request, progress, file, skipDuplicates, { onRead, onRefused }).finally(() => running.delete(record.id));
        });
        return reply.status(202).send({ importId: record.id });
      },
    );
  });

  /** Reads the file and inserts its rows in one transaction, batch by batch; the import is completed or failed at the end. */
  async function runImport(
    request: FastifyRequest,
    progress: Progress,
    file: ContactCsvRows,
    skipDuplicates: boolean,
    reading: { onRead: () => void; onRefused: (error: unknown) => void },
  ): Promise<void> {
    const { record } = progress;
    const by = { userId: request.auth?.id ?? null, now: now() };
    let wholeFileRead = false;
    const onRead = () => {
      wholeFileRead = true;
      reading.onRead();
    };
    try {
      const actor = { id: by.userId, username: request.auth?.username ?? null, ip: request.ip };
      // An import nobody recorded is not kept.
      await audited(sql, request, {
        change: (tx) => importRows(tx, record, file.rows, { skipDuplicates, by, actor, now, onRead, placeCountries }),
        audit: (imported) => ({ action: 'contact.import', targetId: record.id, after: imported }),
      });
    } catch (error) {
      if (!wholeFileRead) {
        await discardContactImport(sql, record.id).catch((failure: unknown) => request.log.error({ err: failure, importId: record.id }, 'could not discard the import'));
        reading.onRefused(error);
        return;
      }
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
