import { z } from 'zod';

/**
 * Bot users: the list (spec §2.10, §3 "Telegram user", §7 GET /api/telegram-users) and the reads
 * about a user the console needs (spec §3 "User membership", "Daily usage"; §7 "Bot data").
 */

/** A Telegram user id in a query string or path, its messages naming the parameter. */
export function telegramIdParam(name: string) {
  return z.coerce
    .number({ error: `${name} must be a number` })
    .positive(`${name} must be positive`)
    .max(Number.MAX_SAFE_INTEGER, `${name} is too large`)
    .int(`${name} must be a whole number`);
}

export const TELEGRAM_USER_STATUSES = ['all', 'active', 'inactive'] as const;
export type TelegramUserStatus = (typeof TELEGRAM_USER_STATUSES)[number];

/** The largest selection the broadcast checklist may take by "Select All"; beyond it, send to All Users. */
export const MAX_SELECTED_USER_IDS = 10_000;

export const TelegramUserFilterSchema = z.object({
  /** Part of a first name, last name, username or Telegram id, in any case. */
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
  status: z.enum(TELEGRAM_USER_STATUSES, { error: 'status must be all, active or inactive' }).default('all'),
});
export type TelegramUserFilter = z.infer<typeof TelegramUserFilterSchema>;

export const TelegramUsersQuerySchema = TelegramUserFilterSchema.extend({
  page: z.coerce.number({ error: 'page must be a number' }).min(1, 'page must be 1 or more').int('page must be a whole number').default(1),
  pageSize: z.coerce.number({ error: 'pageSize must be a number' }).min(1, 'pageSize must be 1 or more').max(200, 'pageSize must be at most 200').int('pageSize must be a whole number').default(25),
});
export type TelegramUsersQuery = z.infer<typeof TelegramUsersQuerySchema>;

export const TelegramUserSchema = z.object({
  id: z.number(),
  /** The Telegram id, as a string (ids can outgrow JavaScript's safe integers in clients). */
  telegramId: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  username: z.string().nullable(),
  /** false once Telegram said the user blocked the bot or was deactivated. */
  isActive: z.boolean(),
  /** Staff blocked the user from the bot. */
  isBlocked: z.boolean(),
  /** Answered requests today, in the configured time zone. */
  requestsToday: z.number(),
  totalRequests: z.number(),
  lastSeen: z.string().nullable(),
  createdAt: z.string(),
});
export type TelegramUser = z.infer<typeof TelegramUserSchema>;

/** The four summary cards of §2.10, over all users whatever the filter. */
export const TelegramUserSummarySchema = z.object({
  totalUsers: z.number(),
  activeUsers: z.number(),
  inactiveUsers: z.number(),
  totalRequests: z.number(),
  /** Active and not blocked by staff: whom a broadcast to all users reaches. */
  reachableUsers: z.number(),
});
export type TelegramUserSummary = z.infer<typeof TelegramUserSummarySchema>;

export const TelegramUsersPageSchema = z.object({
  items: z.array(TelegramUserSchema),
  /** Users matching the filter. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  summary: TelegramUserSummarySchema,
});
export type TelegramUsersPage = z.infer<typeof TelegramUsersPageSchema>;

/** GET /api/telegram-users/ids: every matching user's id, for selecting them all at once. */
export const TelegramUserIdsSchema = z.object({
  ids: z.array(z.string()),
  /** Users matching the filter; more than ids.length when over MAX_SELECTED_USER_IDS. */
  total: z.number(),
});
export type TelegramUserIds = z.infer<typeof TelegramUserIdsSchema>;

export const TelegramUserParamsSchema = z.object({ telegramId: telegramIdParam('telegramId') });

/** A bot request from the logs, for the details dialog's Recent Requests tab. */
export const RecentRequestSchema = z.object({
  id: z.number(),
  timestamp: z.string(),
  level: z.string(),
  message: z.string(),
  command: z.string().nullable(),
  chatId: z.string().nullable(),
  durationMs: z.number().nullable(),
  errorMessage: z.string().nullable(),
});
export type RecentRequest = z.infer<typeof RecentRequestSchema>;

/** The number of recent requests the details dialog lists. */
export const RECENT_REQUESTS_SHOWN = 20;

export const TelegramUserDetailSchema = TelegramUserSchema.extend({
  languageCode: z.string().nullable(),
  recentRequests: z.array(RecentRequestSchema),
});
export type TelegramUserDetail = z.infer<typeof TelegramUserDetailSchema>;

/** PATCH /api/telegram-users/{telegramId}: staff block or unblock the user from the bot. */
export const TelegramUserUpdateSchema = z.object({
  isBlocked: z.boolean({ error: 'isBlocked must be true or false' }),
});
export type TelegramUserUpdate = z.infer<typeof TelegramUserUpdateSchema>;

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
