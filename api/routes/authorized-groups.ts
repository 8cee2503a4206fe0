import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccessListQuerySchema,
  AuthorizedGroupSchema,
  CreateAuthorizedGroupSchema,
  UpdateAuthorizedGroupSchema,
  groupIdProblem,
  type AuthorizedGroup,
} from '../contract/access-control.js';
import { IdParamsSchema, SuccessResponseSchema } from '../contract/fields.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { audited } from '../audited.js';
import type { BotSandbox } from '../../bot/index.js';
import type { Sql } from '../../sql/database.js';
import { DuplicateValueError } from '../../sql/errors.js';
import {
  deleteAuthorizedGroup,
  findAuthorizedGroup,
  insertAuthorizedGroup,
  listAuthorizedGroups,
  updateAuthorizedGroup,
  type StoredAuthorizedGroup,
} from '../../sql/access-control.js';
import { refuseStaleEdit } from '../stale-edit.js';

const PERMISSION = { permission: 'access-control:manage' } as const;
const NO_SUCH_GROUP = 'No authorized group with this id';

function toAuthorizedGroup(group: StoredAuthorizedGroup): AuthorizedGroup {
  return {
    id: group.id,
    groupId: group.groupId,
    groupName: group.groupName,
    groupType: group.groupType,
    dailyLimit: group.dailyLimit,
    description: group.description,
    isActive: group.isActive,
    createdAt: group.createdAt.toISOString(),
    updatedAt: group.updatedAt.toISOString(),
    memberCount: group.memberCount,
    membersLosingAccess: group.membersLosingAccess,
  };
}

/** Runs a write, answering 409 when the chat id is another group's. */
async function refusingTakenGroupId<T>(groupId: number | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof DuplicateValueError) throw conflict(`An authorized group with Group ID ${groupId} already exists`, 'groupId');
    throw error;
  }
}

/**
 * The authorized groups (spec §2.9, §7): the chats the bot serves, each with its daily limit.
 * The bot reads them on every request, so a change applies to the next one; with the built-in
 * simulator the group's chat is created there at once, to try the bot in it.
 */
export const authorizedGroupRoutes: FastifyPluginAsync<{ sql: Sql; sandbox: BotSandbox | undefined }> = async (instance, { sql, sandbox }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** The group is saved whatever the simulator makes of it: a failure there is logged, not answered. */
  function mirrorInSimulator(request: FastifyRequest, group: AuthorizedGroup): void {
    try {
      sandbox?.mirrorAuthorizedGroup(group);
    } catch (error) {
      request.log.warn({ err: error, groupId: group.groupId }, 'the simulator could not mirror the authorized group');
    }
  }

  app.get(
    '/api/authorized-groups',
    { schema: { querystring: AccessListQuerySchema, response: { 200: AuthorizedGroupSchema.array() } }, config: PERMISSION },
    async (request): Promise<AuthorizedGroup[]> => (await listAuthorizedGroups(sql, request.query.search || undefined)).map(toAuthorizedGroup),
  );

  app.post(
    '/api/authorized-groups',
    { schema: { body: CreateAuthorizedGroupSchema, response: { 201: AuthorizedGroupSchema } }, config: { ...PERMISSION, idempotent: true } },
    async (request, reply) => {
      await audited(sql, request, {
        change: async (tx) => toAuthorizedGroup(await refusingTakenGroupId(request.body.groupId, () => insertAuthorizedGroup(tx, request.body))),
        audit: (group) => ({ action: 'authorized-group.create', targetId: group.id, after: group }),
        afterCommit: (group) => mirrorInSimulator(request, group),
        created: { reply, statusCode: 201 },
      });
      return reply;
    },
  );

  app.patch(
    '/api/authorized-groups/:id',
    { schema: { params: IdParamsSchema, body: UpdateAuthorizedGroupSchema, response: { 200: AuthorizedGroupSchema } }, config: PERMISSION },
    async (request): Promise<AuthorizedGroup> => {
      const existing = await findAuthorizedGroup(sql, request.params.id);
      if (!existing) throw notFound(NO_SUCH_GROUP);
      const { expectedUpdatedAt, ...changes } = request.body;
      // The schema checks the id against the type when both are sent; the saved record must fit too.
      const problem = groupIdProblem(changes.groupId ?? existing.groupId, changes.groupType ?? existing.groupType);
      // Answered as the schema's own 400s are: the sentence, with the field named apart.
      if (problem) throw badRequest(problem, 'groupId');
      // Saved over the record as the form was opened.
      return audited(sql, request, {
        change: async (tx) => {
          await refuseStaleEdit(tx, 'authorized_groups', existing.id, expectedUpdatedAt);
          const updated = await refusingTakenGroupId(changes.groupId, () => updateAuthorizedGroup(tx, existing.id, changes));
          if (!updated) throw notFound(NO_SUCH_GROUP);
          return toAuthorizedGroup(updated);
        },
        audit: (after) => ({ action: 'authorized-group.update', targetId: existing.id, before: toAuthorizedGroup(existing), after }),
        afterCommit: (after) => mirrorInSimulator(request, after),
      });
    },
  );

  app.delete(
    '/api/authorized-groups/:id',
    { schema: { params: IdParamsSchema, response: { 200: SuccessResponseSchema } }, config: PERMISSION },
    async (request) => {
      const existing = await findAuthorizedGroup(sql, request.params.id);
      if (!existing) throw notFound(NO_SUCH_GROUP);
      return audited(sql, request, {
        change: async (tx) => {
          if (!(await deleteAuthorizedGroup(tx, existing.id))) throw notFound(NO_SUCH_GROUP);
          return { success: true as const };
        },
        audit: { action: 'authorized-group.delete', targetId: existing.id, before: toAuthorizedGroup(existing) },
      });
    },
  );
};
