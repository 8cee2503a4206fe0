import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccessListQuerySchema,
  CreateWhitelistEntrySchema,
  UpdateWhitelistEntrySchema,
  WhitelistEntrySchema,
  type WhitelistEntry,
} from '../contract/access-control.js';
import { IdParamsSchema, SuccessResponseSchema } from '../contract/fields.js';
import { conflict, notFound } from '../errors.js';
import { audited } from '../audited.js';
import { requireAuth } from '../plugins/authorization.js';
import type { Sql } from '../../sql/database.js';
import { DuplicateValueError } from '../../sql/errors.js';
import {
  deleteWhitelistEntry,
  findWhitelistEntry,
  insertWhitelistEntry,
  listWhitelistEntries,
  updateWhitelistEntry,
  type StoredWhitelistEntry,
} from '../../sql/access-control.js';

const PERMISSION = { permission: 'access-control:manage' } as const;
const NO_SUCH_ENTRY = 'No admin whitelist entry with this id';

function toWhitelistEntry(entry: StoredWhitelistEntry): WhitelistEntry {
  return {
    id: entry.id,
    telegramId: entry.telegramId,
    username: entry.username,
    firstName: entry.firstName,
    lastName: entry.lastName,
    reason: entry.reason,
    addedBy: entry.addedBy,
    isActive: entry.isActive,
    createdAt: entry.createdAt.toISOString(),
  };
}

/** Runs a write, answering 409 when the Telegram id is already on the whitelist. */
async function refusingListedTelegramId<T>(telegramId: number | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof DuplicateValueError) throw conflict(`Telegram ID ${telegramId} is already on the admin whitelist`, 'telegramId');
    throw error;
  }
}

/**
 * The admin whitelist (spec §2.9, §7): Telegram users who may use the bot without belonging to an
 * authorized group and without a daily limit. The bot reads it on every request.
 */
export const adminWhitelistRoutes: FastifyPluginAsync<{ sql: Sql }> = async (instance, { sql }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin-whitelist',
    { schema: { querystring: AccessListQuerySchema, response: { 200: WhitelistEntrySchema.array() } }, config: PERMISSION },
    async (request): Promise<WhitelistEntry[]> => (await listWhitelistEntries(sql, request.query.search || undefined)).map(toWhitelistEntry),
  );

  app.post(
    '/api/admin-whitelist',
    { schema: { body: CreateWhitelistEntrySchema, response: { 201: WhitelistEntrySchema } }, config: { ...PERMISSION, idempotent: true } },
    async (request, reply) => {
      // Who added the entry is whoever is signed in, whatever the client says.
      const addedBy = requireAuth(request).username;
      await audited(sql, request, {
        change: async (tx) => toWhitelistEntry(await refusingListedTelegramId(request.body.telegramId, () => insertWhitelistEntry(tx, { ...request.body, addedBy }))),
        audit: (created) => ({ action: 'admin-whitelist.create', targetId: created.id, after: created }),
        created: { reply, statusCode: 201 },
      });
      return reply;
    },
  );

  app.patch(
    '/api/admin-whitelist/:id',
    { schema: { params: IdParamsSchema, body: UpdateWhitelistEntrySchema, response: { 200: WhitelistEntrySchema } }, config: PERMISSION },
    async (request): Promise<WhitelistEntry> => {
      const existing = await findWhitelistEntry(sql, request.params.id);
      if (!existing) throw notFound(NO_SUCH_ENTRY);
      return audited(sql, request, {
        change: async (tx) => {
          const updated = await refusingListedTelegramId(request.body.telegramId, () => updateWhitelistEntry(tx, existing.id, request.body));
          if (!updated) throw notFound(NO_SUCH_ENTRY);
          return toWhitelistEntry(updated);
        },
        audit: (after) => ({ action: 'admin-whitelist.update', targetId: existing.id, before: toWhitelistEntry(existing), after }),
      });
    },
  );

  app.delete(
    '/api/admin-whitelist/:id',
    { schema: { params: IdParamsSchema, response: { 200: SuccessResponseSchema } }, config: PERMISSION },
    async (request) => {
      const existing = await findWhitelistEntry(sql, request.params.id);
      if (!existing) throw notFound(NO_SUCH_ENTRY);
      return audited(sql, request, {
        change: async (tx) => {
          if (!(await deleteWhitelistEntry(tx, existing.id))) throw notFound(NO_SUCH_ENTRY);
          return { success: true as const };
        },
        audit: { action: 'admin-whitelist.delete', targetId: existing.id, before: toWhitelistEntry(existing) },
      });
    },
  );
};
