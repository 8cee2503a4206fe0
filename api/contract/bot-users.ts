import { z } from 'zod';
import { fieldLabel, PAGE_RULE, pageSizeRule, tooLong } from './fields.js';
import { LanguageCodeSchema } from './languages.js';
import { REFUSALS } from './bot-access.js';

/**
 * Bot users: the list (spec §2.10, §3 "Telegram user", §7 GET /api/telegram-users) and the reads
 * about a user the console needs (spec §3 "User membership", "Daily usage"; §7 "Bot data").
 */

/** A Telegram user id in a query string or path, its messages naming the parameter. */
export function telegramIdParam(name: string) {
  const rule = `${fieldLabel(name)} must be a Telegram user ID: a whole number above 0, such as 123456789.`;
  return z.coerce.number({ error: rule }).positive(rule).max(Number.MAX_SAFE_INTEGER, rule).int(rule);
}

export const TELEGRAM_USER_STATUSES = ['all', 'active', 'inactive'] as const;
export type TelegramUserStatus = (typeof TELEGRAM_USER_STATUSES)[number];

/** The largest selection the broadcast checklist may take by "Select All"; beyond it, send to All Users. */
export const MAX_SELECTED_USER_IDS = 10_000;

/** The longest bot user search: the console's search boxes stop there. */
export const USER_SEARCH_MAX_LENGTH = 100;

export const TelegramUserFilterSchema = z.object({
  /** Part of a first name, last name, username or Telegram id, in any case. */
  search: z.string().trim().max(USER_SEARCH_MAX_LENGTH, tooLong('Search', USER_SEARCH_MAX_LENGTH)).optional(),
  status: z.enum(TELEGRAM_USER_STATUSES, { error: 'Status must be all, active or inactive.' }).default('all'),
  /** Users the bot answers in this language (chosen, Telegram's or the default). */
  language: LanguageCodeSchema.optional(),
});
export type TelegramUserFilter = z.infer<typeof TelegramUserFilterSchema>;

export const TelegramUsersQuerySchema = TelegramUserFilterSchema.extend({
  page: z.coerce.number({ error: PAGE_RULE }).min(1, PAGE_RULE).int(PAGE_RULE).default(1),
  pageSize: z.coerce.number({ error: pageSizeRule(200) }).min(1, pageSizeRule(200)).max(200, pageSizeRule(200)).int(pageSizeRule(200)).default(25),
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
  /** The language the bot answers them in, as it resolves it now. */
  language: LanguageCodeSchema,
  /** They chose it with /language (else it follows Telegram's language or the default). */
  languageChosen: z.boolean(),
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
  /** The log's command column: "/help" as typed, or a kind ("location", "text", "callback", an update type). */
  command: z.string().nullable(),
  /** What the user sent, as staff read it: "/help", "Location", "Text: Berlin" (describeRequest). */
  request: z.string(),
  chatId: z.string().nullable(),
  durationMs: z.number().nullable(),
  errorMessage: z.string().nullable(),
});
export type RecentRequest = z.infer<typeof RecentRequestSchema>;

// The update types other than messages the bot logs, in words (commandOf in bot/updates/request-log.ts), and the Mini App's calls (api/routes/mini-app.ts).
const REQUEST_KINDS: Record<string, string> = {
  location: 'Location',
  callback: 'Button press',
  mini_app: 'Mini App',
  chat_member: 'Group membership change',
  my_chat_member: 'Bot blocked, unblocked or added',
};

/**
 * A logged request as staff read it: a command as it was typed ("/help"), "Location", or "Text: …"
 * with what was typed when the log kept it. `command` is the log's command column, `text` the typed text.
 */
export function describeRequest(command: string | null, text: string | null): string {
  if (command === null) return 'Other update';
  if (command.startsWith('/')) return command;
  if (command === 'text') return text ? `Text: ${text}` : 'Text';
  return REQUEST_KINDS[command] ?? command.replaceAll('_', ' ').replace(/^./, (first) => first.toUpperCase());
}

/** The number of recent requests the details dialog lists. */
export const RECENT_REQUESTS_SHOWN = 20;

export const TelegramUserDetailSchema = TelegramUserSchema.extend({
  languageCode: z.string().nullable(),
  recentRequests: z.array(RecentRequestSchema),
});
export type TelegramUserDetail = z.infer<typeof TelegramUserDetailSchema>;

/** PATCH /api/telegram-users/{telegramId}: staff block or unblock the user from the bot. */
export const TelegramUserUpdateSchema = z.object({
  isBlocked: z.boolean({ error: 'Blocked must be true or false.' }),
});
export type TelegramUserUpdate = z.infer<typeof TelegramUserUpdateSchema>;

const TelegramIdQuery = telegramIdParam('userId');

export const DailyUsageQuerySchema = z.object({
  /** A Telegram user id; without it the answer is the fallback for "no user selected". */
  userId: TelegramIdQuery.optional(),
});

/**
 * Where a user's daily allowance stands, decided by the bot's own rule (api/contract/bot-access.ts).
 * `limit` and `remaining` are null for whitelisted admins, who are never limited; otherwise the
 * limit is the system's default, or the largest dailyLimit of the active authorized groups they are
 * an active member of when that is more. A user the bot refuses has 0 remaining and the reason.
 * Without a user: used 0 and the default limit (3 unless changed) — spec §3's fallback.
 */
export const DailyUsageSchema = z.object({
  used: z.number().int(),
  /** Requests left today; null when unlimited. */
  remaining: z.number().int().nullable(),
  /** The user's daily limit; null when unlimited (a whitelisted admin). */
  limit: z.number().int().nullable(),
  /** Whether the bot would answer a request now: the user may use the bot and has requests left. */
  allowed: z.boolean(),
  /** Why the bot would refuse them, as a key (REFUSAL_STATUSES names it); null when allowed. */
  refusal: z.enum(REFUSALS).nullable(),
  /** Why the bot would refuse them, for staff (REFUSAL_REASONS); null when allowed. */
  reason: z.string().nullable(),
  /** ISO instant of the next local midnight in the configured time zone, when the count resets. */
  resetTime: z.string(),
});
export type DailyUsage = z.infer<typeof DailyUsageSchema>;

export const UserMembershipsQuerySchema = z.object({
  userId: TelegramIdQuery,
});

/**
 * A group the user is a member of (isActive) or was (left or removed since): what Telegram last
 * said of them there. Groups they never joined are not listed.
 */
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
