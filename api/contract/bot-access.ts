/**
 * Whether the bot answers a user in private, and with what daily limit (docs/bot.md, "Who may use it",
 * "Daily limit"). One rule for the bot's access gate and for the console's Daily Usage, so the
 * console never says "Allowed" of a user the bot refuses. Each side brings its own facts: the bot
 * asks Telegram about stale memberships, the API reads the stored ones.
 */

/** Why the bot refuses a user, in the words staff read on the Daily Usage tab. */
export const REFUSAL_REASONS = {
  blocked: 'Blocked by staff. An admin can unblock them on this dialog.',
  notAMember: 'Not a member of any active authorized group, nor on the admin whitelist. Add them to an authorized group or to the whitelist in Access Control.',
  maintenance: 'Maintenance mode is on: the bot answers only whitelisted admins until it is switched off in System Settings.',
  dailyLimit: 'Daily limit reached. The count starts again at the reset time.',
} as const;
export type Refusal = keyof typeof REFUSAL_REASONS;
export const REFUSALS = Object.keys(REFUSAL_REASONS) as [Refusal, ...Refusal[]];

/**
 * The Daily Usage status of a user the bot refuses, by why: "Blocked" only for a user staff blocked
 * (beside the Block and Unblock buttons it means that and nothing else); a used-up allowance is "Limit reached".
 */
export const REFUSAL_STATUSES: Record<Refusal, string> = {
  blocked: 'Blocked',
  notAMember: 'No access',
  maintenance: 'Maintenance',
  dailyLimit: 'Limit reached',
};

/** What the rule needs to know of a user; the lookups run only when the rule gets to them. */
export interface AccessFacts {
  /** Staff blocked the user from the bot. */
  isBlocked: boolean;
  isWhitelisted: () => Promise<boolean>;
  /** The daily limits of the active authorized groups the user is a member of (none: not a member). */
  memberGroupLimits: () => Promise<number[]>;
  defaultDailyLimit: number;
}

export type AccessDecision =
  | { allowed: true; whitelisted: boolean; /** Searches a day; null is unlimited. */ dailyLimit: number | null }
  | { allowed: false; refusal: 'blocked' | 'notAMember' };

/**
 * The daily limit of a user given their groups' limits: the system's default, or more when one
 * of their groups allows more (a group can give its members more, never less).
 */
export function dailyLimitOf(defaultDailyLimit: number, groupLimits: readonly number[]): number {
  return Math.max(defaultDailyLimit, ...groupLimits);
}

/**
 * Decides access in a private chat, in the bot's order: blocked by staff, then the whitelist
 * (no limit), then membership of an active authorized group.
 */
export async function decidePrivateAccess(facts: AccessFacts): Promise<AccessDecision> {
  if (facts.isBlocked) return { allowed: false, refusal: 'blocked' };
  if (await facts.isWhitelisted()) return { allowed: true, whitelisted: true, dailyLimit: null };
  const limits = await facts.memberGroupLimits();
  if (limits.length === 0) return { allowed: false, refusal: 'notAMember' };
  return { allowed: true, whitelisted: false, dailyLimit: dailyLimitOf(facts.defaultDailyLimit, limits) };
}

/** In maintenance mode only whitelisted admins are answered. */
export function refusedForMaintenance(maintenanceMode: boolean, whitelisted: boolean): boolean {
  return maintenanceMode && !whitelisted;
}

/** Searches left today under a limit (null: unlimited); a lookup is answered while this is above 0. */
export function remainingToday(dailyLimit: number | null, used: number): number | null {
  return dailyLimit === null ? null : Math.max(dailyLimit - used, 0);
}
