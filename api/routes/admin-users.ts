import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AdminUserSchema,
  assignableRoles,
  canManageAdminUser,
  CreateAdminUserSchema,
  ResetPasswordSchema,
  ToggleTwoFactorSchema,
  UpdateAdminUserSchema,
  type AdminUser,
} from '../contract/admin-users.js';
import { IdParamsSchema, SuccessResponseSchema } from '../contract/fields.js';
import { EndedSessionsSchema, type EndedSessions } from '../contract/account-sessions.js';
import { can } from '../contract/permissions.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { audited } from '../audited.js';
import { requireAuth, type AuthContext } from '../plugins/authorization.js';
import { hashPassword } from '../auth/passwords.js';
import type { Sql } from '../../sql/database.js';
import {
  countOtherActiveSuperAdmins,
  deleteAdminUser,
  findAdminUserById,
  insertAdminUser,
  listAdminUsers,
  setAdminPasswordHash,
  toAdminUser,
  updateAdminUser,
  type AdminUserRecord,
} from '../../sql/admin-users.js';
import { revokeUserSessions } from '../../sql/admin-sessions.js';
import { disableTwoFactor, requireTwoFactor } from '../../sql/two-factor.js';

const ONLY_SUPER_ADMINS_MANAGE_SUPER_ADMINS = 'Only super administrators can create, change, reset or delete a super administrator';
const LAST_SUPER_ADMIN = 'This is the last active super administrator: make another user super admin first';

/** Admin users (spec §2.11, §7), with every rule of §6 enforced here, not only in the console. */
export const adminUserRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** The target user, once the actor is allowed to manage them. */
  async function manageableUser(actor: AuthContext, id: number): Promise<AdminUserRecord> {
    const target = await findAdminUserById(sql, id);
    if (!target) throw notFound('No admin user with this id');
    if (!canManageAdminUser(actor.role, target.role)) throw forbidden(ONLY_SUPER_ADMINS_MANAGE_SUPER_ADMINS);
    return target;
  }

  /**
   * Before a change that may remove a super admin, in its transaction: another active one must remain
   * (the count locks them, so two such changes cannot race past the check).
   */
  async function refuseLosingLastSuperAdmin(tx: Sql, target: AdminUserRecord): Promise<void> {
    if (target.role === 'super_admin' && target.isActive && (await countOtherActiveSuperAdmins(tx, target.id)) === 0) throw conflict(LAST_SUPER_ADMIN);
  }

  app.get(
    '/api/admin/users',
    { schema: { response: { 200: AdminUserSchema.array() } }, config: { permission: 'admin-users:read' } },
    async (): Promise<AdminUser[]> => listAdminUsers(sql));

  app.post(
    '/api/admin/users',
    { schema: { body: CreateAdminUserSchema, response: { 201: AdminUserSchema } }, config: { permission: 'admin-users:write', idempotent: true } },
    async (request, reply) => {
      const actor = requireAuth(request);
      const { password, ...fields } = request.body;
      if (!assignableRoles(actor.role).includes(fields.role)) throw forbidden(ONLY_SUPER_ADMINS_MANAGE_SUPER_ADMINS);
      const passwordHash = await hashPassword(password);
      await audited(sql, request, {
        change: (tx) => insertAdminUser(tx, { ...fields, passwordHash }),
        audit: (created) => ({ action: 'admin-user.create', targetId: created.id, after: created }),
        created: { reply, statusCode: 201 },
      });
      return reply;
    },
  );

  app.patch(
    '/api/admin/users/:id',
    { schema: { params: IdParamsSchema, body: UpdateAdminUserSchema, response: { 200: AdminUserSchema } }, config: { permission: 'admin-users:write' } },
    async (request): Promise<AdminUser> => {
      const actor = requireAuth(request);
      const target = await manageableUser(actor, request.params.id);
      const changes = request.body;
      const roleChanges = changes.role !== undefined && changes.role !== target.role;
      const deactivates = changes.isActive === false && target.isActive;
      if (roleChanges && !can(actor.role, 'admin-users:change-role')) throw forbidden('Only super administrators can change roles');
      if (target.id === actor.id && roleChanges) throw forbidden('You cannot change your own role');
      if (target.id === actor.id && deactivates) throw forbidden('You cannot deactivate your own account');
      return audited(sql, request, {
        change: async (tx) => {
          if (roleChanges || deactivates) await refuseLosingLastSuperAdmin(tx, target);
          const updated = await updateAdminUser(tx, target.id, changes);
          if (!updated) throw notFound('No admin user with this id');
          if (roleChanges || deactivates) await revokeUserSessions(tx, target.id, roleChanges ? 'role_changed' : 'deactivated', now());
          return updated;
        },
        audit: (updated) => ({ action: 'admin-user.update', targetId: target.id, before: toAdminUser(target), after: updated }),
      });
    },
  );

  app.delete(
    '/api/admin/users/:id',
    { schema: { params: IdParamsSchema, response: { 200: SuccessResponseSchema } }, config: { permission: 'admin-users:delete' } },
    async (request) => {
      const actor = requireAuth(request);
      if (request.params.id === actor.id) throw forbidden('You cannot delete your own account');
      const target = await manageableUser(actor, request.params.id);
      await audited(sql, request, {
        change: async (tx) => {
          await refuseLosingLastSuperAdmin(tx, target);
          await deleteAdminUser(tx, target.id);
        },
        audit: { action: 'admin-user.delete', targetId: target.id, before: toAdminUser(target) },
      });
      return { success: true as const };
    },
  );

  app.post(
    '/api/admin/users/:id/reset-password',
    { schema: { params: IdParamsSchema, body: ResetPasswordSchema, response: { 200: SuccessResponseSchema } }, config: { permission: 'admin-users:reset-password' } },
    async (request) => {
      const target = await manageableUser(requireAuth(request), request.params.id);
      const passwordHash = await hashPassword(request.body.newPassword);
      await audited(sql, request, {
        change: async (tx) => {
          await setAdminPasswordHash(tx, target.id, passwordHash);
          await revokeUserSessions(tx, target.id, 'password_reset', now());
        },
        audit: { action: 'admin-user.reset-password', targetId: target.id },
      });
      return { success: true as const };
    },
  );

  app.post(
    '/api/admin/users/:id/end-sessions',
    { schema: { params: IdParamsSchema, response: { 200: EndedSessionsSchema } }, config: { permission: 'admin-users:write' } },
    async (request): Promise<EndedSessions> => {
      const actor = requireAuth(request);
      const target = await manageableUser(actor, request.params.id);
      // Ending one's own sessions here keeps the one in use, as "End all other sessions" does.
      const keep = target.id === actor.id ? actor.sessionId : undefined;
      return audited(sql, request, {
        change: async (tx) => ({ ended: await revokeUserSessions(tx, target.id, 'ended_by_admin', now(), keep) }),
        audit: ({ ended }) => ({ action: 'admin-user.end-sessions', targetId: target.id, after: { ended } }),
      });
    },
  );

  app.post(
    '/api/admin/users/:id/toggle-2fa',
    { schema: { params: IdParamsSchema, body: ToggleTwoFactorSchema, response: { 200: AdminUserSchema } }, config: { permission: 'admin-users:write' } },
    async (request): Promise<AdminUser> => {
      const actor = requireAuth(request);
      const target = await manageableUser(actor, request.params.id);
      // Switching one's own two-factor keeps the session in use (they enrol at their next sign-in, or on
      // Settings now), as ending one's own sessions does; everyone else signs in again under the new rule.
      const keep = target.id === actor.id ? actor.sessionId : undefined;
      return audited(sql, request, {
        change: async (tx) => {
          if (request.body.enable) await requireTwoFactor(tx, target.id);
          else await disableTwoFactor(tx, target.id);
          await revokeUserSessions(tx, target.id, request.body.enable ? 'two_factor_enabled' : 'two_factor_disabled', now(), keep);
          return toAdminUser((await findAdminUserById(tx, target.id))!);
        },
        audit: (updated) => ({ action: 'admin-user.toggle-2fa', targetId: target.id, before: toAdminUser(target), after: updated }),
      });
    },
  );
};
