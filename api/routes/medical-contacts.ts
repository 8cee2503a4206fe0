import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONTACT_RULES,
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
import { pluralForm } from '../contract/plural.js';
import { readPhone } from '../contract/phone-numbers.js';
import { IdParamsSchema, SuccessResponseSchema } from '../contract/fields.js';
import { ApiError, badRequest, notFound } from '../errors.js';
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
  countTargetsWithoutTelegramUsername,
  deleteMedicalContact,
  findDuplicateContacts,
  findMedicalContact,
  geocodeContactPlace,
  reverifyCutoff,
  HISTORY_FIELDS,
  insertMedicalContact,
  countMedicalContacts,
  listMedicalContacts,
  toMedicalContact,
  unrecognisedContactValues,
  updateMedicalContact,
  type ContactActor,
  type ContactColumns,
  type ContactTarget,
} from '../../sql/medical-contacts.js';
import { contactReportsVersion } from '../../sql/contact-reports.js';
import { refuseStaleEdit } from '../stale-edit.js';
import { storedSpecialty } from '../specialty-check.js';
import { countContactsWithSpecialties, loadSpecialtyTaxonomy } from '../../sql/specialties.js';
import { outsideCountryRefusals } from '../outside-country.js';

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

  /** 409 with the look-alikes unless the caller chose to save a duplicate. */
  async function refuseDuplicates(contact: { name: string; phone: string; city: string }, exceptId?: number): Promise<void> {
    const duplicates = await findDuplicateContacts(sql, contact, exceptId);
    if (duplicates.length === 0) return;
    const at = now();
    throw new ApiError(
      409,
      `A contact with the same phone number, or the same name in the same city, already exists: ${duplicates[0]!.name} (${duplicates[0]!.city}). Save anyway to keep both.`,
      { duplicates: duplicates.map((record) => toMedicalContact(record, at)) },
    );
  }

  /** 400 for coordinates outside the contact's country, unless the request confirmed them. */
  async function refuseOutsideCountry(point: { latitude: number; longitude: number }, country: string): Promise<void> {
    const [refusal] = await outsideCountryRefusals(sql, [{ ...point, country }]);
    if (refusal) throw badRequest(refusal, 'location');
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
      const actor = actorOf(request);
      const { allowDuplicate, confirmOutsideCountry, ...typed } = request.body;
      const fields = { ...typed, specialty: await storedSpecialty(sql, typed.specialty) };
      const at = now();
      const columns: ContactColumns = {
        ...fields,
        verifiedAt: fields.verified ? at : null,
        verifiedBy: fields.verified ? actor.id : null,
        locationApproximate: false,
      };
      if (columns.latitude === null || columns.longitude === null) {
        const point = await geocodeContactPlace(sql, fields);
        columns.latitude = point?.latitude ?? null;
        columns.longitude = point?.longitude ?? null;
        columns.locationApproximate = point !== undefined;
      } else if (!confirmOutsideCountry) {
        await refuseOutsideCountry({ latitude: columns.latitude, longitude: columns.longitude }, fields.country);
      }
      if (!allowDuplicate) await refuseDuplicates(fields);
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
      const actor = actorOf(request);
      const existing = await findMedicalContact(sql, request.params.id);
      if (!existing) throw notFound(NO_SUCH_CONTACT);
      const { allowDuplicate, confirmOutsideCountry, expectedUpdatedAt, ...sent } = request.body;
      // A phone sent alone is read as a number of the country stored (the schema reads one sent with its country).
      const reading = sent.phone === undefined ? undefined : readPhone(sent.phone, sent.country ?? existing.country);
      if (reading && 'error' in reading) throw badRequest(reading.error, 'phone');
      const read = reading ? { ...sent, phone: reading.phone } : sent;
      // A specialty is checked only when sent: an edit of another field leaves one from before the taxonomy as it is.
      const changes = read.specialty === undefined ? read : { ...read, specialty: await storedSpecialty(sql, read.specialty) };
      const merged = { ...existing, ...changes };
      // The schema checks the fields sent; the rules that span fields hold for the record as saved.
      if (merged.contactMethod === 'telegram' && !merged.telegramUsername) throw badRequest(CONTACT_RULES.telegramNeedsUsername, 'telegramUsername');
      if ((merged.latitude === null) !== (merged.longitude === null)) {
        const field = merged.latitude === null ? 'latitude' : 'longitude';
        throw badRequest(CONTACT_RULES.coordinatesInPairs, field);
      }
      const { latitude, longitude } = changes;
      const coordinatesGiven = latitude != null && longitude != null;
      if (coordinatesGiven && !confirmOutsideCountry) await refuseOutsideCountry({ latitude, longitude }, merged.country);
      const identityChanged = (['name', 'phone', 'city'] as const).some((field) => changes[field] !== undefined && changes[field] !== existing[field]);
      if (identityChanged && !allowDuplicate) await refuseDuplicates(merged, existing.id);

      const at = now();
      const columns: Partial<ContactColumns> = { ...changes };
      if (changes.verified === true && !existing.verified) Object.assign(columns, { verifiedAt: at, verifiedBy: actor.id });
      if (changes.verified === false) Object.assign(columns, { verifiedAt: null, verifiedBy: null });
      const placeChanged = (['city', 'region', 'country'] as const).some((field) => changes[field] !== undefined && changes[field] !== existing[field]);
      if (coordinatesGiven) {
        columns.locationApproximate = false;
      } else if (merged.latitude === null || placeChanged) {
        // Coordinates of the old place would send the bot's users to the wrong city.
        const point = await geocodeContactPlace(sql, merged);
        columns.latitude = point?.latitude ?? null;
        columns.longitude = point?.longitude ?? null;
        columns.locationApproximate = point !== undefined;
      }
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
      const updates = typed.specialty === undefined ? typed : { ...typed, specialty: await storedSpecialty(sql, typed.specialty) };
      const target = rest as ContactTarget;
      const at = now();
      if (updates.contactMethod === 'telegram') {
        const missing = await countTargetsWithoutTelegramUsername(sql, target, at);
        if (missing > 0) throw badRequest(
            `${missing.toLocaleString('en-GB')} of these contacts ${pluralForm(missing, 'has', 'have')} no Telegram username. Add it first, or choose another contact method.`,
            'contactMethod',
          );
      }
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

