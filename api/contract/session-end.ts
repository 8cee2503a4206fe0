import { z } from 'zod';
import { RoleSchema, roleName, type Role } from './roles.js';

/**
 * Why a session ended, as the server records it (admin_sessions.revoked_reason) and answers the
 * session's next request with (a 401 whose `reason` is one of these), so the console can tell the
 * person why they are back at the login screen.
 */
export const SESSION_END_REASONS = [
  'signed_out',
  'ended_by_user',
  'ended_by_admin',
  'password_reset',
  'password_changed',
  'role_changed',
  'two_factor_enabled',
  'two_factor_disabled',
  'deactivated',
  'refresh_token_reused',
  'expired',
] as const;
export const SessionEndReasonSchema = z.enum(SESSION_END_REASONS);
export type SessionEndReason = z.infer<typeof SessionEndReasonSchema>;

/** An ended session as its 401 names it: the reason, and the role the user holds now (for role_changed). */
export interface SessionEnd {
  reason: SessionEndReason;
  role?: Role;
}

/** The 401 body's extra fields: `{ error, message, reason, role? }`. */
export const SessionEndBodySchema = z.object({ reason: SessionEndReasonSchema, role: RoleSchema.optional() });

/** The sentence the login screen shows, and the 401's message: what happened and what to do now. */
export function sessionEndSentence(end: SessionEnd): string {
  switch (end.reason) {
    case 'signed_out':
      return 'You signed out. Sign in again to continue.';
    case 'ended_by_user':
      return 'This session was ended from another of your sessions. Sign in again.';
    case 'ended_by_admin':
      return 'An administrator ended your session. Sign in again.';
    case 'password_reset':
      return 'Your password was reset by an administrator. Ask them for the new password.';
    case 'password_changed':
      return 'Your password was changed. Sign in again with the new password.';
    case 'role_changed':
      return end.role ? `Your role was changed to ${roleName(end.role)}. Sign in again to continue.` : 'Your role was changed. Sign in again to continue.';
    case 'two_factor_enabled':
      return 'Two-factor authentication is now on for your account. Sign in again with your code.';
    case 'two_factor_disabled':
      return 'Two-factor authentication was turned off for your account. Sign in again.';
    case 'deactivated':
      return 'Your account was deactivated. Ask an administrator to reactivate it.';
    case 'refresh_token_reused':
      return 'Your sign-in was used from somewhere else, so every session of your account was ended for safety. Sign in again.';
    case 'expired':
      return 'Your session expired. Sign in again.';
  }
}
