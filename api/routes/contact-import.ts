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
  type ImportPreviewRow,
} from '../contract/contact-import.js';
import { BulkResultSchema, ContactFilterSchema } from '../contract/medical-contacts.js';
import { IdParamsSchema } from '../contract/fields.js';
import { conflict, notFound } from '../errors.js';
import { audited } from '../audited.js';
import { contactsCsvStream, parseContactsCsv, type ParsedRow } from '../contact-csv.js';
import type { Sql } from '../../sql/database.js';
import {
  completeContactImport,
  contactsForExport,
  createContactImport,
  failAbandonedImports,
  failContactImport,
  findContactImport,
  findDuplicateCandidates,
  importedPlacesWithoutCoordinates,
  insertImportedContacts,
  listContactImports,
  phoneKey,
  setImportedPlaceCoordinates,
  undoContactImport,
  type ImportContactRow,
} from '../../sql/contact-imports.js';
import { geocodeContactPlace } from '../../sql/medical-contacts.js';
import { outsideCountryRefusals } from '../outside-country.js';
import { sendCsvFile } from '../csv-download.js';
import { loadSpecialtyTaxonomy } from '../../sql/specialties.js';

/** Rows inserted per statement. */
const BATCH_SIZE = 1000;
/** A 10 MB CSV grows when JSON escapes its quotes and line breaks. */
const IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

type Duplicate = NonNullable<ImportPreviewRow['duplicateOf']>;
interface CheckedRow extends ParsedRow {
  duplicateOf?: Duplicate;
}

/**
 * Marks each valid row that has the normalised phone, or the name in the same city, of an existing
 * contact or of an earlier valid row of the file.
 */
async function markDuplicates(sql: Sql, rows: ParsedRow[]): Promise<CheckedRow[]> {
  const valid = rows.filter((row) => row.contact);
  const phones = [...new Set(valid.map((row) => phoneKey(row.contact!.phone)).filter(Boolean))];
  const nameCities = new Map(valid.map((row) => [nameCityKey(row.contact!), row.contact!] as const));
  const candidates = await findDuplicateCandidates(sql, {
    phones,
    names: [...nameCities.values()].map((contact) => contact.name.toLowerCase()),
    cities: [...nameCities.values()].map((contact) => contact.city.toLowerCase()),
  });
  const byPhone = new Map<string, Duplicate>();
  const byNameCity = new Map<string, Duplicate>();
  for (const candidate of candidates.sort((a, b) => a.id - b.id)) {
    const existing = { id: candidate.id, line: null, name: candidate.name, phone: candidate.phone, city: candidate.city };
    const phone = phoneKey(candidate.phone);
    if (phone && !byPhone.has(phone)) byPhone.set(phone, existing);
    const key = nameCityKey(candidate);
    if (!byNameCity.has(key)) byNameCity.set(key, existing);
  }
  return rows.map((row) => {
    if (!row.contact) return row;
    const phone = phoneKey(row.contact.phone);
    const key = nameCityKey(row.contact);
    const duplicateOf = (phone ? byPhone.get(phone) : undefined) ?? byNameCity.get(key);
    if (duplicateOf) return { ...row, duplicateOf };
    // The first row with this phone or name and city is the original; later ones duplicate it.
    const self = { id: null, line: row.line, name: row.contact.name, phone: row.contact.phone, city: row.contact.city };
    if (phone) byPhone.set(phone, self);
    byNameCity.set(key, self);
    return row;
  });
}

/** Rows whose coordinates lie outside their country become errors: a file cannot confirm them, as the form can. */
async function refuseOutsideCountry(sql: Sql, rows: ParsedRow[]): Promise<ParsedRow[]> {
  const placed = rows.flatMap(({ contact }, index) =>
    contact && contact.latitude !== null && contact.longitude !== null ? [{ index, latitude: contact.latitude, longitude: contact.longitude, country: contact.country }] : [],
  );
  const refusals = await outsideCountryRefusals(sql, placed);
  const refused = new Map(placed.flatMap((point, at) => (refusals[at] ? [[point.index, refusals[at]] as const] : [])));
  return rows.map((row, index) => {
    const message = refused.get(index);
    return message ? { line: row.line, errors: [{ field: 'location', message }] } : row;
  });
}

function nameCityKey(contact: { name: string; city: string }): string {
  return `${contact.name.toLowerCase()}\u0000${contact.city.toLowerCase()}`;
}

function previewRow(row: CheckedRow): ImportPreviewRow {
  if (!row.contact) return { line: row.line, status: 'error', errors: row.errors };
  if (row.duplicateOf) return { line: row.line, status: 'duplicate', errors: [], duplicateOf: row.duplicateOf };
  return { line: row.line, status: 'ok', errors: [] };
}

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
      const parsed = parseContactsCsv(request.body.csv, request.body.mapping ?? {}, await loadSpecialtyTaxonomy(sql));
      const rows = (await markDuplicates(sql, await refuseOutsideCountry(sql, parsed.rows))).map(previewRow);
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
      const parsed = parseContactsCsv(csv, mapping ?? {}, await loadSpecialtyTaxonomy(sql));
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
      // An import nobody recorded is not kept.
      await audited(sql, request, {
        change: async (tx) => {
          const checked = await markDuplicates(tx, await refuseOutsideCountry(tx, rows));
          for (let start = 0; start < checked.length; start += BATCH_SIZE) {
            const batch = checked.slice(start, start + BATCH_SIZE);
            const contacts = batch.filter((row) => row.contact && !(skipDuplicates && row.duplicateOf)).map((row) => row.contact as ImportContactRow);
            const inserted = await insertImportedContacts(tx, record.id, contacts, by);
            record.processedRows += batch.length;
            record.importedRows += inserted;
            record.skippedRows += batch.length - inserted;
          }
          // As when a contact is added by hand: no coordinates, the gazetteer's clear match if there is one.
          for (const place of await importedPlacesWithoutCoordinates(tx, record.id)) {
            const point = await geocodeContactPlace(tx, place);
            if (point) await setImportedPlaceCoordinates(tx, record.id, place, point);
          }
          await completeContactImport(tx, record.id, record, now());
          return { fileName: record.fileName, totalRows: record.totalRows, importedRows: record.importedRows, skippedRows: record.skippedRows };
        },
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
