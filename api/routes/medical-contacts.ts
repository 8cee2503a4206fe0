import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BulkDeleteRequestSchema,
  BulkResultSchema,
  BulkUpdateRequestSchema,
  ContactHistoryEntrySchema,
  ContactFilterOptionsSchema,
  ContactFilterSchema,
  ContactListQuerySchema,
  ContactListResponseSchema,
  CreateContactSchema,
  MedicalContactSchema,
  UpdateContactSchema,
  type ContactHistoryEntry,
  type ContactFilterOptions,
  type ContactListResponse,
  type MedicalContact,
} from '../contract/medical-contacts.js';
import { IdParamsSchema, SuccessResponseSchema } from '../contract/fields.js';
import { notFound } from '../errors.js';
import { audited } from '../audited.js';
import { requireAuth } from '../plugins/authorization.js';
import type { ContactDirectoryCache } from '../contact-directory-cache.js';
import type { Sql } from '../../sql/database.js';
import {
  bulkDeleteContacts,
  bulkUpdateContacts,
  contactAuditEntries,
  contactDirectoryVersion,
  contactFilterOptions,
  contactStats,
  deleteMedicalContact,
  findMedicalContact,
  reverifyCutoff,
  HISTORY_FIELDS,
  insertMedicalContact,
  countMedicalContacts,
  listMedicalContacts,
  toMedicalContact,
  unrecognisedContactValues,
  updateMedicalContact,
  type ContactActor,
  type ContactTarget,
} from '../../sql/medical-contacts.js';
import { contactReportsVersion } from '../../sql/contact-reports.js';
import { refuseStaleEdit } from '../stale-edit.js';
import { changedContactColumns, checkedBulkChanges, newContactColumns } from '../contact-writes.js';
import { countContactsWithSpecialties, loadSpecialtyTaxonomy } from '../../sql/specialties.js';

const FILTER_FIELDS = Object.keys(ContactFilterSchema.shape) as (keyof typeof ContactFilterSchema.shape)[];
const NO_SUCH_CONTACT = 'No medical contact with this id';

/** Medical contacts (spec §2.7, §5, §7): the directory the bot answers from. */
export const medicalContactRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date; cache: ContactDirectoryCache }> = async (instance, { sql, now, cache }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  const actorOf = (request: FastifyRequest): ContactActor => {
    const auth = requireAuth(request);
    return { id: auth.id, username: auth.username, ip: request.ip };
  };

  /**
   * The stats and filter values over the whole directory, computed again only when a write has
   * bumped the directory's version (any writer: this API, the CSV import, SQL by hand), a report was
   * made or resolved (open reports make contacts due), or the minute has turned (which verifications
   * are due depends on the time).
   */
  async function directorySummary(at: Date) {
    const [directory, reports] = await Promise.all([contactDirectoryVersion(sql), contactReportsVersion(sql)]);
    const key = `${directory}:${reports}:${Math.floor(reverifyCutoff(at).getTime() / 60_000)}`;
    if (cache.summary?.key === key) return cache.summary;
    const [stats, options, taxonomy, unrecognised] = await Promise.all([
      contactStats(sql, at),
      contactFilterOptions(sql),
      loadSpecialtyTaxonomy(sql),
      unrecognisedContactValues(sql),
    ]);
    const listed = new Set(taxonomy.specialties);
    const filterOptions = { ...options, unlistedSpecialties: await countContactsWithSpecialties(sql, options.specialties.filter((specialty) => !listed.has(specialty))) };
    const summary = {
      key,
      stats: { ...stats, countries: filterOptions.countries.length, regions: filterOptions.regions.length, specialties: filterOptions.specialties.length },
      filterOptions,
      unrecognised,
    };
    cache.summary = summary;
    return summary;
  }

  app.get(
    '/api/medical-contacts/filter-options',
    { schema: { response: { 200: ContactFilterOptionsSchema } }, config: { permission: 'contacts:read' } },
    async (): Promise<ContactFilterOptions> => (await directorySummary(now())).filterOptions,
  );

  app.get(
    '/api/medical-contacts',
    { schema: { querystring: ContactListQuerySchema, response: { 200: ContactListResponseSchema } }, config: { permission: 'contacts:read' } },
    async (request): Promise<ContactListResponse> => {
      const query = request.query;
      const at = now();
      const { key, stats, unrecognised } = await directorySummary(at);
      const filter = FILTER_FIELDS.filter((field) => query[field] !== undefined && query[field] !== '').map((field) => [field, query[field]]);
      const [total, records] = await Promise.all([
        filter.length === 0
          ? stats.total
          : cache.matchCounts(`${key}:${JSON.stringify(filter)}`, Infinity, () => countMedicalContacts(sql, query, at)).then((count) => count.value),
        listMedicalContacts(sql, query, at),
      ]);
      return { items: records.map((record) => toMedicalContact(record, at)), total, page: query.page, pageSize: query.pageSize, stats, unrecognised };
    },
  );

  app.get(
    '/api/medical-contacts/:id',
    { schema: { params: IdParamsSchema, response: { 200: MedicalContactSchema } }, config: { permission: 'contacts:read' } },
    async (request): Promise<MedicalContact> => {
      const record = await findMedicalContact(sql, request.params.id);
      if (!record) throw notFound(NO_SUCH_CONTACT);
      return toMedicalContact(record, now());
    },
  );

  app.get(
    '/api/medical-contacts/:id/history',
    { schema: { params: IdParamsSchema, response: { 200: ContactHistoryEntrySchema.array() } }, config: { permission: 'contacts:read' } },
    async (request): Promise<ContactHistoryEntry[]> => {
      const entries = await contactAuditEntries(sql, request.params.id);
      if (entries.length === 0 && !(await findMedicalContact(sql, request.params.id))) throw notFound(NO_SUCH_CONTACT);
      return entries.map((entry) => ({
        id: entry.id,
        action: entry.action,
        actor: entry.actorUsername,
        at: entry.createdAt.toISOString(),
        changes: fieldChanges(entry.before, entry.after),
      }));
    },
  );

  app.post(
    '/api/medical-contacts',
    { schema: { body: CreateContactSchema, response: { 201: MedicalContactSchema } }, config: { permission: 'contacts:write', idempotent: true } },
    async (request, reply) => {
      const at = now();
      const columns = await newContactColumns(sql, request.body, requireAuth(request).id, at);
      await audited(sql, request, {
        change: async (tx) => toMedicalContact(await insertMedicalContact(tx, columns, at), at),
        audit: (created) => ({ action: 'contact.create', targetId: created.id, after: created }),
        created: { reply, statusCode: 201 },
      });
      return reply;
    },
  );

  app.patch(
    '/api/medical-contacts/:id',
    { schema: { params: IdParamsSchema, body: UpdateContactSchema, response: { 200: MedicalContactSchema } }, config: { permission: 'contacts:write' } },
    async (request): Promise<MedicalContact> => {
      const actorId = requireAuth(request).id;
      const existing = await findMedicalContact(sql, request.params.id);
      if (!existing) throw notFound(NO_SUCH_CONTACT);
      const { expectedUpdatedAt, ...sent } = request.body;
      const at = now();
      const columns = await changedContactColumns(sql, existing, sent, actorId, at);
      // Saved over the record as the form was opened.
      return audited(sql, request, {
        change: async (tx) => {
          await refuseStaleEdit(tx, 'medical_contacts', existing.id, expectedUpdatedAt);
          const updated = await updateMedicalContact(tx, existing.id, columns, at);
          if (!updated) throw notFound(NO_SUCH_CONTACT);
          return toMedicalContact(updated, at);
        },
        audit: (after) => ({ action: 'contact.update', targetId: existing.id, before: toMedicalContact(existing, at), after }),
      });
    },
  );

  app.delete(
    '/api/medical-contacts/:id',
    { schema: { params: IdParamsSchema, response: { 200: SuccessResponseSchema } }, config: { permission: 'contacts:write' } },
    async (request) => {
      requireAuth(request);
      const existing = await findMedicalContact(sql, request.params.id);
      if (!existing) throw notFound(NO_SUCH_CONTACT);
      return audited(sql, request, {
        change: async (tx) => {
          if (!(await deleteMedicalContact(tx, existing.id))) throw notFound(NO_SUCH_CONTACT);
          return { success: true as const };
        },
        audit: { action: 'contact.delete', targetId: existing.id, before: toMedicalContact(existing, now()) },
      });
    },
  );

  app.post(
    '/api/medical-contacts/bulk-update',
    { schema: { body: BulkUpdateRequestSchema, response: { 200: BulkResultSchema } }, config: { permission: 'contacts:write' } },
    async (request) => {
      const actor = actorOf(request);
      const { updates: typed, ...rest } = request.body;
      const target = rest as ContactTarget;
      const at = now();
      const updates = await checkedBulkChanges(sql, target, typed, at);
      // Audited per contact by the statement that changes them (bulkUpdateContacts).
      const ids = await bulkUpdateContacts(sql, target, updates, actor, at);
      return { recordsAffected: ids.length };
    },
  );

  app.post(
    '/api/medical-contacts/bulk-delete',
    { schema: { body: BulkDeleteRequestSchema, response: { 200: BulkResultSchema } }, config: { permission: 'contacts:write' } },
    async (request) => {
      const actor = actorOf(request);
      // Audited per contact by the statement that deletes them.
      const recordsAffected = await bulkDeleteContacts(sql, request.body as ContactTarget, actor, now());
      return { recordsAffected };
    },
  );
};

/** Field → [before, after] for the fields an audit entry shows changing. */
function fieldChanges(before: unknown, after: unknown): Record<string, [unknown, unknown]> {
  const from = (before ?? {}) as Record<string, unknown>;
  const to = (after ?? {}) as Record<string, unknown>;
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of HISTORY_FIELDS) {
    if (!(field in from) && !(field in to)) continue;
    const previous = from[field] ?? null;
    const next = to[field] ?? null;
    if (JSON.stringify(previous) !== JSON.stringify(next)) changes[field] = [previous, next];
  }
  return changes;
}

