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
import { audit } from '../audit.js';
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
import { transaction } from '../../sql/transaction.js';
import { sendCreatedOnce } from '../plugins/idempotency.js';

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
   * Runs a change that may remove a super admin, in a transaction that first checks another
   * active one remains (and locks them, so two such changes cannot race past the check).
   */
  function withoutLosingLastSuperAdmin<T>(target: AdminUserRecord, change: (tx: Sql) => Promise<T>, db: Sql = sql): Promise<T> {
    return transaction(db, async (tx) => {
      if (target.role === 'super_admin' && target.isActive && (await countOtherActiveSuperAdmins(tx, target.id)) === 0) {
        throw conflict(LAST_SUPER_ADMIN);
      }
      return change(tx);
    }) as Promise<T>;
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
      await sendCreatedOnce(sql, request, reply, 201, async (tx) => {
        const created = await insertAdminUser(tx, { ...fields, passwordHash });
        await audit(tx, request, { action: 'admin-user.create', targetType: 'admin_user', targetId: created.id, after: created });
        return created;
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
      const update = (db: Sql) => updateAdminUser(db, target.id, changes);
      // The change, the sessions it ends and its audit row together: a failure between them would leave a change nobody recorded.
      return transaction(sql, async (tx) => {
        const updated = roleChanges || deactivates ? await withoutLosingLastSuperAdmin(target, update, tx) : await update(tx);
        if (!updated) throw notFound('No admin user with this id');
        if (roleChanges || deactivates) await revokeUserSessions(tx, target.id, roleChanges ? 'role_changed' : 'deactivated', now());
        await audit(tx, request, { action: 'admin-user.update', targetType: 'admin_user', targetId: target.id, before: toAdminUser(target), after: updated });
        return updated;
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
      await withoutLosingLastSuperAdmin(target, async (tx) => {
        await deleteAdminUser(tx, target.id);
        await audit(tx, request, { action: 'admin-user.delete', targetType: 'admin_user', targetId: target.id, before: toAdminUser(target) });
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
      await transaction(sql, async (tx) => {
        await setAdminPasswordHash(tx, target.id, passwordHash);
        await revokeUserSessions(tx, target.id, 'password_reset', now());
        await audit(tx, request, { action: 'admin-user.reset-password', targetType: 'admin_user', targetId: target.id });
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
      return transaction(sql, async (tx) => {
        const ended = await revokeUserSessions(tx, target.id, 'ended_by_admin', now(), keep);
        await audit(tx, request, { action: 'admin-user.end-sessions', targetType: 'admin_user', targetId: target.id, after: { ended } });
        return { ended };
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
      return transaction(sql, async (tx) => {
        if (request.body.enable) await requireTwoFactor(tx, target.id);
        else await disableTwoFactor(tx, target.id);
        await revokeUserSessions(tx, target.id, request.body.enable ? 'two_factor_enabled' : 'two_factor_disabled', now(), keep);
        const updated = toAdminUser((await findAdminUserById(tx, target.id))!);
        await audit(tx, request, { action: 'admin-user.toggle-2fa', targetType: 'admin_user', targetId: target.id, before: toAdminUser(target), after: updated });
        return updated;
      });
    },
  );
};
