import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AccountSchema,
  ChangePasswordRequestSchema,
  ClockFormatRequestSchema,
  EnableTwoFactorRequestSchema,
  PasswordConfirmationSchema,
  RecoveryCodesResponseSchema,
  TwoFactorEnrollmentSchema,
  type Account,
  type RecoveryCodesResponse,
  type TwoFactorEnrollment,
} from '../contract/auth.js';
import { SuccessResponseSchema } from '../contract/fields.js';
import { badRequest, conflict, unauthorized } from '../errors.js';
import { audited } from '../audited.js';
import { requireAuth } from '../plugins/authorization.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { hashToken } from '../auth/tokens.js';
import { createEnrollment, newRecoveryCodes, newTwoFactorSecret, normalizeRecoveryCode, checkTwoFactorCode } from '../auth/two-factor.js';
import type { Sql } from '../../sql/database.js';
import { findAdminUserById, setAdminClockFormat, setAdminPasswordHash, type AdminUserRecord } from '../../sql/admin-users.js';
import { getSystemSettings } from '../../sql/settings.js';
import { revokeUserSessions } from '../../sql/admin-sessions.js';
import {
  confirmTwoFactorEnrollment,
  countUnusedRecoveryCodes,
  disableTwoFactor,
  replaceRecoveryCodes,
  setPendingTwoFactorSecret,
} from '../../sql/two-factor.js';

const OWN_ACCOUNT = { permission: 'settings:own-account' } as const;
/** What an administrator held back by the two-factor requirement may still do: see their account and enrol. */
const ENROLMENT = { ...OWN_ACCOUNT, twoFactorEnrolment: true } as const;

/** The signed-in user's own account: password and two-factor (the Settings screen). */
export const accountRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  async function currentUser(userId: number): Promise<AdminUserRecord> {
    const user = await findAdminUserById(sql, userId);
    if (!user) throw unauthorized();
    return user;
  }

  async function assertPassword(user: AdminUserRecord, password: string, field: string): Promise<void> {
    if (!(await verifyPassword(user.passwordHash, password))) throw badRequest('The password is incorrect', field);
  }

  const hashCodes = (codes: string[]) => codes.map((code) => hashToken(normalizeRecoveryCode(code)));

  app.get('/api/account', { schema: { response: { 200: AccountSchema } }, config: ENROLMENT }, async (request): Promise<Account> => {
    const auth = requireAuth(request);
    const user = await currentUser(auth.id);
    const requirement = auth.twoFactorRequirement;
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      firstName: user.firstName,
      role: user.role,
      twoFactorEnabled: user.twoFactorEnabled && user.twoFactorSecret !== null,
      recoveryCodesRemaining: await countUnusedRecoveryCodes(sql, user.id),
      twoFactorRequirement: requirement && { requiredFrom: requirement.requiredFrom.toISOString(), enforced: requirement.enforced },
      timeZone: (await getSystemSettings(sql)).timeZone,
      clockFormat: user.clockFormat,
    };
  });

  // A way of reading one's own screen, like a window's size: not a change the Audit Log records.
  app.put('/api/account/clock-format', { schema: { body: ClockFormatRequestSchema, response: { 200: SuccessResponseSchema } }, config: OWN_ACCOUNT }, async (request) => {
    await setAdminClockFormat(sql, requireAuth(request).id, request.body.clockFormat);
    return { success: true as const };
  });

  app.post('/api/account/password', { schema: { body: ChangePasswordRequestSchema, response: { 200: SuccessResponseSchema } }, config: OWN_ACCOUNT }, async (request) => {
    const auth = requireAuth(request);
    const user = await currentUser(auth.id);
    await assertPassword(user, request.body.currentPassword, 'currentPassword');
    const passwordHash = await hashPassword(request.body.newPassword);
    await audited(sql, request, {
      change: async (tx) => {
        await setAdminPasswordHash(tx, user.id, passwordHash);
        // Whoever else held a session with the old password loses it; this browser stays signed in.
        await revokeUserSessions(tx, user.id, 'password_changed', now(), auth.sessionId);
      },
      audit: { action: 'account.change-password', targetId: user.id },
    });
    return { success: true as const };
  });

  app.post('/api/account/two-factor/setup', { schema: { response: { 200: TwoFactorEnrollmentSchema } }, config: ENROLMENT }, async (request): Promise<TwoFactorEnrollment> => {
    const user = await currentUser(requireAuth(request).id);
    if (user.twoFactorEnabled && user.twoFactorSecret) throw conflict('Two-factor authentication is already on');
    const secret = newTwoFactorSecret();
    await setPendingTwoFactorSecret(sql, user.id, secret);
    return createEnrollment(secret, user.email ?? user.username);
  });

  app.post(
    '/api/account/two-factor/enable',
    { schema: { body: EnableTwoFactorRequestSchema, response: { 200: RecoveryCodesResponseSchema } }, config: ENROLMENT },
    async (request): Promise<RecoveryCodesResponse> => {
      const auth = requireAuth(request);
      const user = await currentUser(auth.id);
      if (!user.twoFactorPendingSecret) throw conflict('Start the two-factor setup first');
      // A fresh secret has no spent step yet, so only a wrong code can be refused here.
      const check = await checkTwoFactorCode(user.twoFactorPendingSecret, request.body.code, now(), null);
      if (check.kind !== 'accepted') throw badRequest('That code is not valid; check the time on your device and try again', 'code');
      const recoveryCodes = newRecoveryCodes();
      await audited(sql, request, {
        change: async (tx) => {
          await confirmTwoFactorEnrollment(tx, user.id, check.step, hashCodes(recoveryCodes));
          // The session that proved the code stays signed in; the others must sign in again with a code.
          await revokeUserSessions(tx, user.id, 'two_factor_enabled', now(), auth.sessionId);
        },
        audit: { action: 'account.enable-2fa', targetId: user.id },
      });
      return { recoveryCodes };
    },
  );

  app.post(
    '/api/account/two-factor/disable',
    { schema: { body: PasswordConfirmationSchema, response: { 200: SuccessResponseSchema } }, config: OWN_ACCOUNT },
    async (request) => {
      const auth = requireAuth(request);
      const user = await currentUser(auth.id);
      await assertPassword(user, request.body.password, 'password');
      await audited(sql, request, {
        change: async (tx) => {
          await disableTwoFactor(tx, user.id);
          await revokeUserSessions(tx, user.id, 'two_factor_disabled', now(), auth.sessionId);
        },
        audit: { action: 'account.disable-2fa', targetId: user.id },
      });
      return { success: true as const };
    },
  );

  app.post(
    '/api/account/two-factor/recovery-codes',
    { schema: { body: PasswordConfirmationSchema, response: { 200: RecoveryCodesResponseSchema } }, config: OWN_ACCOUNT },
    async (request): Promise<RecoveryCodesResponse> => {
      const user = await currentUser(requireAuth(request).id);
      await assertPassword(user, request.body.password, 'password');
      if (!user.twoFactorSecret) throw conflict('Two-factor authentication is off');
      const recoveryCodes = newRecoveryCodes();
      await audited(sql, request, {
        change: (tx) => replaceRecoveryCodes(tx, user.id, hashCodes(recoveryCodes)),
        audit: { action: 'account.regenerate-recovery-codes', targetId: user.id },
      });
      return { recoveryCodes };
    },
  );
};
