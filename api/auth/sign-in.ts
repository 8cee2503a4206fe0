import type { LoginRequest, LoginResponse } from '../contract/auth.js';
import { ApiError } from '../errors.js';
import { findAdminUserByIdentifier, type AdminUserRecord } from '../../sql/admin-users.js';
import { recordFailedSignIn, recordSuccessfulLogin, signInLockedUntil, type SignInAttempt } from '../../sql/login-security.js';
import { getSystemSettings } from '../../sql/settings.js';
import {
  claimTwoFactorStep,
  confirmTwoFactorEnrollment,
  setPendingTwoFactorSecret,
  useRecoveryCode,
} from '../../sql/two-factor.js';
import { verifyPassword } from './passwords.js';
import { hashToken } from './tokens.js';
import { createEnrollment, newRecoveryCodes, newTwoFactorSecret, normalizeRecoveryCode, checkTwoFactorCode } from './two-factor.js';
import { startSession, type AuthDeps } from './sessions.js';
import { twoFactorRequirementFor } from './two-factor-requirement.js';
import { formatCount } from '../contract/plural.js';

const INVALID_CREDENTIALS = 'Invalid username or password';
const INVALID_CODE = 'Invalid two-factor code';
const REUSED_CODE = 'This code was already used. Wait for the next code from your app.';

/** A refused sign-in; the login form shows `error`, so it carries the same text. */
function signInError(status: number, message: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(status, message, { success: false, error: message, ...extra });
}

function lockedError(lockedUntil: Date, now: Date): ApiError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return signInError(
    429,
    `Too many failed sign-in attempts. This account is locked; try again in ${formatCount(minutes, 'minute')}.`,
    { retryAfter: seconds },
  );
}

/**
 * Checks credentials (and the second factor when the user has one) and opens a session.
 * Every refusal is an ApiError. Failures are throttled per account and client address (README "Security"):
 * a lock holds only the address that earned it, and an unknown name is counted, locked and answered
 * exactly as an account is, so the answers never tell which names exist.
 */
export async function signIn(
  deps: AuthDeps,
  request: LoginRequest,
  client: { ip: string | null; userAgent: string | null },
): Promise<LoginResponse> {
  const now = deps.now();
  const user = await findAdminUserByIdentifier(deps.sql, request.identifier);
  const attempt: SignInAttempt = {
    account: user ? `user:${user.id}` : `name:${request.identifier.trim().toLowerCase()}`,
    source: client.ip ?? 'unknown',
  };
  const lockedUntil = await signInLockedUntil(deps.sql, attempt, now);
  if (lockedUntil) throw lockedError(lockedUntil, now);

  // Without an account this checks a decoy hash, so an unknown name takes as long as a wrong password.
  const passwordMatches = await verifyPassword(user?.passwordHash, request.password);
  if (!user || !passwordMatches) return failAttempt(deps, attempt, INVALID_CREDENTIALS);
  if (!user.isActive) throw signInError(403, 'This account is deactivated. Ask an administrator to reactivate it.');

  let recoveryCodes: string[] | undefined;
  if (user.twoFactorEnabled || (await twoFactorRequiredBySetting(deps, user))) {
    const outcome = await checkSecondFactor(deps, user, request, attempt);
    if (outcome.kind === 'needed') return { success: false, requiresTwoFactor: true, ...(outcome.enrollment && { enrollment: outcome.enrollment }) };
    recoveryCodes = outcome.recoveryCodes;
  }

  await recordSuccessfulLogin(deps.sql, user.id, attempt, now);
  const tokens = await startSession(deps, user.id, client);
  return {
    success: true,
    ...tokens,
    user: { id: user.id, username: user.username, role: user.role, firstName: user.firstName },
    ...(recoveryCodes && { recoveryCodes }),
  };
}

/** True once "Require two-factor for admins" holds for this user: then they enrol as if an administrator had switched it on for them. */
async function twoFactorRequiredBySetting(deps: AuthDeps, user: AdminUserRecord): Promise<boolean> {
  const settings = await getSystemSettings(deps.sql);
  const rule = { requiredSince: settings.twoFactorRequiredSince, graceDays: settings.twoFactorGraceDays };
  return twoFactorRequirementFor({ role: user.role, twoFactorEnrolled: false }, rule, deps.now())?.enforced ?? false;
}

type SecondFactorOutcome =
  | { kind: 'needed'; enrollment?: Awaited<ReturnType<typeof createEnrollment>> }
  | { kind: 'passed'; recoveryCodes?: string[] };

async function checkSecondFactor(
  deps: AuthDeps,
  user: AdminUserRecord,
  request: LoginRequest,
  attempt: SignInAttempt,
): Promise<SecondFactorOutcome> {
  const now = deps.now();
  if (!user.twoFactorSecret) {
    // Two-factor was switched on for this user by an administrator: enrol now, then continue.
    const secret = user.twoFactorPendingSecret ?? newTwoFactorSecret();
    if (!user.twoFactorPendingSecret) await setPendingTwoFactorSecret(deps.sql, user.id, secret);
    if (!request.twoFactorToken) return { kind: 'needed', enrollment: await createEnrollment(secret, user.email ?? user.username) };
    const check = await checkTwoFactorCode(secret, request.twoFactorToken, now, null);
    if (check.kind !== 'accepted') return failAttempt(deps, attempt, INVALID_CODE);
    const recoveryCodes = newRecoveryCodes();
    await confirmTwoFactorEnrollment(deps.sql, user.id, check.step, recoveryCodes.map((code) => hashToken(normalizeRecoveryCode(code))));
    return { kind: 'passed', recoveryCodes };
  }
  if (request.recoveryCode) {
    const used = await useRecoveryCode(deps.sql, user.id, hashToken(normalizeRecoveryCode(request.recoveryCode)), now);
    return used ? { kind: 'passed' } : failAttempt(deps, attempt, 'Invalid recovery code');
  }
  if (!request.twoFactorToken) return { kind: 'needed' };
  const check = await checkTwoFactorCode(user.twoFactorSecret, request.twoFactorToken, now, user.twoFactorLastStep);
  if (check.kind === 'invalid') return failAttempt(deps, attempt, INVALID_CODE);
  // A concurrent sign-in that claimed the same step first used this code too.
  if (check.kind === 'reused' || !(await claimTwoFactorStep(deps.sql, user.id, check.step))) return failAttempt(deps, attempt, REUSED_CODE);
  return { kind: 'passed' };
}

/** Counts a failed attempt against the account from its source, then refuses it (locked, if this failure locked it). */
async function failAttempt(deps: AuthDeps, attempt: SignInAttempt, message: string): Promise<never> {
  const now = deps.now();
  const lockedUntil = await recordFailedSignIn(deps.sql, attempt, now);
  throw lockedUntil ? lockedError(lockedUntil, now) : signInError(401, message);
}
