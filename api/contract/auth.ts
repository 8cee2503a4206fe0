import { z } from 'zod';
import { ClockFormatSchema } from './clock-format.js';
import { RoleSchema } from './roles.js';
import { PasswordSchema, TWO_FACTOR_CODE_LENGTH } from './password-policy.js';

export const TwoFactorCodeSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`), `The code must be ${TWO_FACTOR_CODE_LENGTH} digits. Type the code your authenticator app shows.`);

export const LoginRequestSchema = z.object({
  identifier: z.string({ error: 'Email or username is required' }).trim().min(1, 'Email or username is required').max(254),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
  twoFactorToken: TwoFactorCodeSchema.optional(),
  /** A one-time recovery code, accepted instead of twoFactorToken. */
  recoveryCode: z.string().trim().min(1).max(32).optional(),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

/** What the console knows of the signed-in user. */
export const SessionUserSchema = z.object({
  id: z.number(),
  username: z.string(),
  role: RoleSchema,
  firstName: z.string().nullable(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** Enrolment material shown when a user must set up two-factor before signing in. */
export const TwoFactorEnrollmentSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrCodeDataUrl: z.string(),
});
export type TwoFactorEnrollment = z.infer<typeof TwoFactorEnrollmentSchema>;

export const LoginResponseSchema = z.object({
  success: z.boolean(),
  requiresTwoFactor: z.boolean().optional(),
  enrollment: TwoFactorEnrollmentSchema.optional(),
  error: z.string().optional(),
  token: z.string().optional(),
  refreshToken: z.string().optional(),
  user: SessionUserSchema.optional(),
  /** Shown once, when two-factor enrolment completes during sign-in. */
  recoveryCodes: z.array(z.string()).optional(),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

export const VerifyResponseSchema = z.object({ valid: z.literal(true), user: SessionUserSchema });
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>;

export const RefreshRequestSchema = z.object({
  refreshToken: z.string({ error: 'Your session has ended. Sign in again.' }).min(1, 'Your session has ended. Sign in again.').max(200),
});
export const RefreshResponseSchema = z.object({ token: z.string(), refreshToken: z.string() });
/**
 * The 409 of a refresh token renewed a moment ago by another tab of the same browser: that tab stored
 * the new pair, which this one reads instead; nothing was ended.
 */
export const REFRESH_SUPERSEDED = 'This sign-in was just renewed in another tab: use the renewed one.';
export type RefreshResponse = z.infer<typeof RefreshResponseSchema>;

export const LogoutRequestSchema = z.object({ refreshToken: z.string().max(200).optional() });

/** The signed-in user's own account, for the Settings screen. */
export const AccountSchema = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  role: RoleSchema,
  twoFactorEnabled: z.boolean(),
  recoveryCodesRemaining: z.number(),
  /**
   * "Require two-factor for admins" for this account: from when it must use two-factor and whether
   * that time has come (then only enrolment and sign-out work). Null when it does not concern them.
   */
  twoFactorRequirement: z.object({ requiredFrom: z.string(), enforced: z.boolean() }).nullable(),
  /** The configured time zone (system settings) every time on screen is read in. */
  timeZone: z.string(),
  /** The clock this user chose to read times on. */
  clockFormat: ClockFormatSchema,
});
export type Account = z.infer<typeof AccountSchema>;

export const ChangePasswordRequestSchema = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, 'Current password is required').max(256),
  newPassword: PasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

export const ClockFormatRequestSchema = z.object({ clockFormat: ClockFormatSchema });
export type ClockFormatRequest = z.infer<typeof ClockFormatRequestSchema>;

export const EnableTwoFactorRequestSchema = z.object({ code: TwoFactorCodeSchema });
export const PasswordConfirmationSchema = z.object({
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(256),
});
export const RecoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesResponse = z.infer<typeof RecoveryCodesResponseSchema>;
