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
  RecordVerificationSchema,
  UpdateContactSchema,
  type ContactHistoryEntry,
  type ContactFilterOptions,
  type ContactListResponse,
  type MedicalContact,
} from '../contract/medical-contacts.js';
import { DEFAULT_VERIFICATION_METHOD, VerificationSchema, type StaffVerificationMethod, type Verification } from '../contract/contact-verifications.js';
import { IdParamsSchema, SuccessResponseSchema } from '../contract/fields.js';
import { conflict, notFound } from '../errors.js';
import { audited, type AuditRecord } from '../audited.js';
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
import { listVerifications, recordConfirmations, recordVerification, toVerification, type RecordedVerification } from '../../sql/contact-verifications.js';
import { getSystemSettings } from '../../sql/settings.js';
import { claimByAnother, endClaims, resolveReportsByVerification } from '../../sql/verification-queue.js';
import { claimedSentence, reportResolution } from '../contract/verification-queue.js';
import { contactReportsVersion } from '../../sql/contact-reports.js';
import { refuseStaleEdit } from '../stale-edit.js';
import { changedContactColumns, checkedBulkChanges, contactEdit, newContactColumns } from '../contact-writes.js';
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
   * made or resolved (open reports make contacts due), the cycle of System Settings changed, or the
   * minute has turned (which verifications are overdue depends on both).
   */
  async function directorySummary(at: Date) {
    const [directory, reports, { reverifyAfterDays }] = await Promise.all([contactDirectoryVersion(sql), contactReportsVersion(sql), getSystemSettings(sql)]);
    const key = `${directory}:${reports}:${reverifyAfterDays}:${Math.floor(at.getTime() / 60_000)}`;
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

  /** A verification's audit row: the contact before and after, and the verification itself. */
  function verificationAudit({ before, contact, verification }: RecordedVerification, at: Date): AuditRecord {
    return {
      action: 'contact.verify',
      targetId: contact.id,
      before: toMedicalContact(before, at),
      after: { ...toMedicalContact(contact, at), verification: toVerification(verification) },
    };
  }

  /** Ticking Verified in the form: a confirmed verification by the method chosen; its audit row and the contact after it. */
  async function confirmByTick(tx: Sql, request: FastifyRequest, contactId: number, method: StaffVerificationMethod | undefined, at: Date) {
    const recorded = await recordVerification(tx, {
      contactId,
      at,
      verifiedBy: requireAuth(request).id,
      verifiedByTelegramId: null,
      method: method ?? DEFAULT_VERIFICATION_METHOD,
      outcome: 'confirmed',
      corrections: {},
      note: null,
    });
    if (!recorded) throw notFound(NO_SUCH_CONTACT);
    return { audit: verificationAudit(recorded, at), contact: recorded.contact };
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
      requireAuth(request);
      const { verificationMethod, ...body } = request.body;
      const at = now();
      const columns = await newContactColumns(sql, body, at);
      // The create's audit row shows the contact as inserted; a tick's verification follows it.
      let inserted: MedicalContact | undefined;
      await audited(sql, request, {
        change: async (tx, alsoRecord) => {
          const created = await insertMedicalContact(tx, columns, at);
          inserted = toMedicalContact(created, at);
          if (!body.verified) return inserted;
          const confirmed = await confirmByTick(tx, request, created.id, verificationMethod, at);
          alsoRecord(confirmed.audit);
          return toMedicalContact(confirmed.contact, at);
        },
        audit: (created) => ({ action: 'contact.create', targetId: created.id, after: inserted }),
        created: { reply, statusCode: 201 },
      });
      return reply;
    },
  );

  app.patch(
    '/api/medical-contacts/:id',
    { schema: { params: IdParamsSchema, body: UpdateContactSchema, response: { 200: MedicalContactSchema } }, config: { permission: 'contacts:write' } },
    async (request): Promise<MedicalContact> => {
      requireAuth(request);
      const existing = await findMedicalContact(sql, request.params.id);
      if (!existing) throw notFound(NO_SUCH_CONTACT);
      const { expectedUpdatedAt, verificationMethod, ...sent } = request.body;
      const at = now();
      const { columns, ticksVerified } = await contactEdit(sql, existing, sent, at);
      // Saved over the record as the form was opened: the edit's audit row, then a tick's verification
      // (the verification's alone when the edit only ticks Verified).
      const { contact } = await audited(sql, request, {
        change: async (tx, alsoRecord) => {
          await refuseStaleEdit(tx, 'medical_contacts', existing.id, expectedUpdatedAt);
          const rows: AuditRecord[] = [];
          let saved = existing;
          if (Object.keys(columns).length > 0 || !ticksVerified) {
            const updated = await updateMedicalContact(tx, existing.id, columns, at);
            if (!updated) throw notFound(NO_SUCH_CONTACT);
            rows.push({ action: 'contact.update', targetId: existing.id, before: toMedicalContact(existing, at), after: toMedicalContact(updated, at) });
            saved = updated;
          }
          if (ticksVerified) {
            const confirmed = await confirmByTick(tx, request, existing.id, verificationMethod, at);
            rows.push(confirmed.audit);
            saved = confirmed.contact;
          }
          const [first, ...more] = rows;
          more.forEach(alsoRecord);
          return { audit: first!, contact: saved };
        },
        audit: ({ audit }) => audit,
      });
      return toMedicalContact(contact, at);
    },
  );

  app.get(
    '/api/medical-contacts/:id/verifications',
    { schema: { params: IdParamsSchema, response: { 200: VerificationSchema.array() } }, config: { permission: 'contacts:read' } },
    async (request): Promise<Verification[]> => {
      const verifications = await listVerifications(sql, request.params.id);
      if (verifications.length === 0 && !(await findMedicalContact(sql, request.params.id))) throw notFound(NO_SUCH_CONTACT);
      return verifications.map(toVerification);
    },
  );

  app.post(
    '/api/medical-contacts/:id/verifications',
    {
      schema: { params: IdParamsSchema, body: RecordVerificationSchema, response: { 201: VerificationSchema } },
      config: { permission: 'contacts:write', idempotent: true },
    },
    async (request, reply) => {
      const verifiedBy = requireAuth(request).id;
      const existing = await findMedicalContact(sql, request.params.id);
      if (!existing) throw notFound(NO_SUCH_CONTACT);
      const { outcome, method, changes = {}, note, allowDuplicate, confirmOutsideCountry } = request.body;
      const at = now();
      const corrections = await changedContactColumns(sql, existing, { ...changes, allowDuplicate, confirmOutsideCountry }, at);
      // The corrections, the history row, the reports it resolves and their audit rows commit together
      // or not at all. A live claim of another staff member's (the queue's lease) refuses it; saving ends any claim.
      let recorded: RecordedVerification | undefined;
      await audited(sql, request, {
        change: async (tx, alsoRecord) => {
          const holder = await claimByAnother(tx, existing.id, verifiedBy, at);
          if (holder) throw conflict(claimedSentence(holder.username));
          recorded = await recordVerification(tx, { contactId: existing.id, at, verifiedBy, verifiedByTelegramId: null, method, outcome, corrections, note });
          if (!recorded) throw notFound(NO_SUCH_CONTACT);
          const verificationId = recorded.verification.id;
          const status = reportResolution(outcome, recorded.deactivated);
          const resolved = status ? await resolveReportsByVerification(tx, { contactId: existing.id, verificationId, status, adminId: verifiedBy, at }) : [];
          for (const id of resolved) {
            alsoRecord({
              action: 'contact-report.resolve',
              targetId: id,
              before: { status: 'open', contactId: existing.id },
              after: { status, contactId: existing.id, verificationId },
            });
          }
          await endClaims(tx, existing.id);
          return toVerification(recorded.verification);
        },
        audit: () => verificationAudit(recorded!, at),
        created: { reply, statusCode: 201 },
      });
      return reply;
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
      const { updates: typed, verificationMethod, ...rest } = request.body;
      const target = rest as ContactTarget;
      const at = now();
      const updates = await checkedBulkChanges(sql, target, typed, at);
      // Audited per contact by the statements that change them (bulkUpdateContacts, recordConfirmations).
      const confirm = (tx: Sql, ids: number[]) => recordConfirmations(tx, ids, { method: verificationMethod ?? DEFAULT_VERIFICATION_METHOD, at, actor });
      const ids = await bulkUpdateContacts(sql, target, updates, actor, at, confirm);
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

