import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { IdParamsSchema, SuccessResponseSchema } from '../contract/fields.js';
import {
  nameTakenMessage,
  SpecialtyListSchema,
  SpecialtyRequestSchema,
  SpecialtySchema,
  specialtyInUseMessage,
  specialtyNameTaken,
  KNOWN_TAXONOMY,
  type Specialty,
  type SpecialtyList,
  type SpecialtyNames,
} from '../contract/specialties.js';
import { audited } from '../audited.js';
import { conflict, notFound } from '../errors.js';
import type { Sql } from '../../sql/database.js';
import {
  contactsBySpecialtyName,
  deleteUnusedSpecialty,
  findAddedSpecialty,
  insertSpecialty,
  listAddedSpecialties,
  loadSpecialtyTaxonomy,
  updateSpecialty,
  type AddedSpecialtyRecord,
} from '../../sql/specialties.js';

const NO_SUCH_SPECIALTY = 'No specialty with this id';
const MANAGE = { permission: 'system-settings:manage' } as const;

const toSpecialty = (record: AddedSpecialtyRecord, contacts: number): Specialty => ({
  id: record.id,
  name: record.names.en,
  names: record.names,
  builtIn: false,
  contacts,
});

/** 409 naming the field of the first name another specialty already has. */
async function refuseTakenNames(sql: Sql, names: SpecialtyNames, own?: string): Promise<void> {
  const taxonomy = await loadSpecialtyTaxonomy(sql);
  for (const [language, name] of Object.entries(names)) {
    const taken = specialtyNameTaken(name, taxonomy, own);
    if (taken) throw conflict(nameTakenMessage(name, taken), `names.${language}`);
  }
}

/**
 * The specialties' taxonomy (spec §2.1, Settings → Specialties; §5): every role reads it (the contact form picks from it); admins add, rename and delete
 * the specialties staff added, in Settings → Specialties. The known ones are the product's.
 */
export const specialtyRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/specialties',
    { schema: { response: { 200: SpecialtyListSchema } }, config: { permission: 'contacts:read' } },
    async (): Promise<SpecialtyList> => {
      const [added, counts] = await Promise.all([listAddedSpecialties(sql), contactsBySpecialtyName(sql)]);
      return {
        items: [
          ...KNOWN_TAXONOMY.specialties.map((name) => ({ id: null, name, names: KNOWN_TAXONOMY.namesOf(name)!, builtIn: true, contacts: counts.get(name) ?? 0 })),
          ...added.map((record) => toSpecialty(record, counts.get(record.names.en) ?? 0)),
        ],
      };
    },
  );

  app.post(
    '/api/specialties',
    { schema: { body: SpecialtyRequestSchema, response: { 201: SpecialtySchema } }, config: { ...MANAGE, idempotent: true } },
    async (request, reply) => {
      const { names } = request.body;
      await refuseTakenNames(sql, names);
      await audited(sql, request, {
        change: async (tx) => toSpecialty(await insertSpecialty(tx, names, request.auth?.id ?? null, now()), 0),
        audit: (created) => ({ action: 'specialty.create', targetId: created.id, after: created }),
        created: { reply, statusCode: 201 },
      });
      return reply;
    },
  );

  app.patch(
    '/api/specialties/:id',
    { schema: { params: IdParamsSchema, body: SpecialtyRequestSchema, response: { 200: SpecialtySchema } }, config: MANAGE },
    async (request): Promise<Specialty> => {
      const existing = await findAddedSpecialty(sql, request.params.id);
      if (!existing) throw notFound(NO_SUCH_SPECIALTY);
      const { names } = request.body;
      await refuseTakenNames(sql, names, existing.names.en);
      // The specialty and its contacts renamed together.
      const { specialty } = await audited(sql, request, {
        change: async (tx) => {
          const updated = await updateSpecialty(tx, existing.id, names, now());
          if (!updated) throw notFound(NO_SUCH_SPECIALTY);
          const counts = await contactsBySpecialtyName(tx);
          return { specialty: toSpecialty(updated.record, counts.get(names.en) ?? 0), contactsRenamed: updated.contactsRenamed };
        },
        audit: ({ specialty, contactsRenamed }) => ({
          action: 'specialty.update',
          targetId: existing.id,
          before: { names: existing.names },
          after: { names: specialty.names, contactsRenamed },
        }),
      });
      return specialty;
    },
  );

  app.delete(
    '/api/specialties/:id',
    { schema: { params: IdParamsSchema, response: { 200: SuccessResponseSchema } }, config: MANAGE },
    async (request) => {
      await audited(sql, request, {
        change: async (tx) => {
          const result = await deleteUnusedSpecialty(tx, request.params.id);
          if (!result) throw notFound(NO_SUCH_SPECIALTY);
          const { record, contacts, deleted } = result;
          // A contact's specialty is never left outside the list by a delete: its contacts move first.
          if (!deleted) throw conflict(specialtyInUseMessage(record.names.en, contacts));
          return record;
        },
        audit: (record) => ({ action: 'specialty.delete', targetId: record.id, before: { names: record.names } }),
      });
      return { success: true as const };
    },
  );
};
