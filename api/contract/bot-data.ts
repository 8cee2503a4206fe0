import { z } from 'zod';

/** Reads about bot users the console needs (spec §3 "User membership", "Daily usage"; §7 "Bot data"). */

/** A Telegram user id in a query string or path, its messages naming the parameter. */
export function telegramIdParam(name: string) {
  return z.coerce
    .number({ error: `${name} must be a number` })
    .positive(`${name} must be positive`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is too large`)
    .int(`${name} must be a whole number`);
}

const TelegramIdQuery = telegramIdParam('userId');

export const DailyUsageQuerySchema = z.object({
  /** A Telegram user id; without it the answer is the fallback for "no user selected". */
  userId: TelegramIdQuery.optional(),
});

/**
 * Where a user's daily allowance stands, computed as the bot does. `limit` and `remaining` are
 * null for whitelisted admins, who are never limited; otherwise the limit is the largest
 * dailyLimit of the active authorized groups they are an active member of, else the system's
 * default. Without a user: used 0 and the default limit (3 unless changed) — spec §3's fallback.
 */
export const DailyUsageSchema = z.object({
  used: z.number().int(),
  /** Requests left today; null when unlimited. */
  remaining: z.number().int().nullable(),
  /** The user's daily limit; null when unlimited (a whitelisted admin). */
  limit: z.number().int().nullable(),
  /** Whether a request now would be answered under the limit. */
  allowed: z.boolean(),
  /** ISO instant of the next local midnight in the configured time zone, when the count resets. */
  resetTime: z.string(),
});
export type DailyUsage = z.infer<typeof DailyUsageSchema>;

export const UserMembershipsQuerySchema = z.object({
  userId: TelegramIdQuery,
});

/** What Telegram last said of a user in an authorized group. */
export const UserMembershipSchema = z.object({
  id: z.number(),
  groupId: z.number(),
  /** Null when the group is no longer an authorized group. */
  groupName: z.string().nullable(),
  /** Telegram's chat-member status: creator, administrator, member, restricted, left, kicked. */
  membershipStatus: z.string(),
  /** ISO time they first were a member; null if never. */
  joinedAt: z.string().nullable(),
  /** ISO time Telegram was last asked (trusted for 24 hours). */
  lastVerified: z.string(),
  isActive: z.boolean(),
});
export type UserMembership = z.infer<typeof UserMembershipSchema>;
