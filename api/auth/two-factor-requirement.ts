import type { Role } from '../contract/roles.js';

const DAY_MS = 86_400_000;

/** The accounts "Require two-factor for admins" applies to; viewers and editors are unaffected. */
const REQUIRED_ROLES: readonly Role[] = ['admin', 'super_admin'];

/** The system setting as stored: since when it is on (null: off) and the grace period. */
export interface TwoFactorRule {
  requiredSince: Date | null;
  graceDays: number;
}

/** What the requirement means for one user: from when two-factor is required, and whether that time has come. */
export interface TwoFactorRequirement {
  requiredFrom: Date;
  enforced: boolean;
}

/** The moment the requirement takes hold: the switch-on time plus the grace period; null while it is off. */
export function twoFactorRequiredFrom(rule: TwoFactorRule): Date | null {
  return rule.requiredSince && new Date(rule.requiredSince.getTime() + rule.graceDays * DAY_MS);
}

/**
 * The requirement as it stands for a user, or null when it does not concern them: it is off,
 * their role is not an admin one, or they already use two-factor.
 */
export function twoFactorRequirementFor(
  user: { role: Role; twoFactorEnrolled: boolean },
  rule: TwoFactorRule,
  now: Date,
): TwoFactorRequirement | null {
  const requiredFrom = twoFactorRequiredFrom(rule);
  if (!requiredFrom || user.twoFactorEnrolled || !REQUIRED_ROLES.includes(user.role)) return null;
  return { requiredFrom, enforced: now >= requiredFrom };
}
