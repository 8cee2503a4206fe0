import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  MAX_SELECTED_USER_IDS,
  RECENT_REQUESTS_SHOWN,
  TelegramUserDetailSchema,
  TelegramUserFilterSchema,
  TelegramUserIdsSchema,
  TelegramUserParamsSchema,
  TelegramUsersPageSchema,
  TelegramUsersQuerySchema,
  TelegramUserUpdateSchema,
  describeRequest,
  type TelegramUser,
  type TelegramUserDetail,
  type TelegramUserSummary,
  type TelegramUsersPage,
} from '../contract/bot-users.js';
import { localDay } from '../contract/time-zone.js';
import { audited } from '../audited.js';
import { notFound } from '../errors.js';
import type { Sql } from '../../sql/database.js';
import { resetDailyUsage } from '../../sql/daily-usage.js';
import { getSystemSettings } from '../../sql/settings.js';
import {
  findTelegramUser,
  listRecentUserRequests,
  listTelegramUserIds,
  listTelegramUsers,
  setTelegramUserBlocked,
  summarizeTelegramUsers,
  type ListedTelegramUser,
} from '../../sql/bot-users.js';

/**
 * The summary sums 100,000+ rows and moves with every bot request, so it is read again at most
 * this often; concurrent readers share one query.
 */
const SUMMARY_FRESH_MS = 5_000;
const NOT_FOUND = 'No bot user has that Telegram ID';

function toTelegramUser(user: ListedTelegramUser): TelegramUser {
  return {
    id: user.id,
    telegramId: String(user.telegramId),
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    isActive: user.isActive,
    isBlocked: user.isBlocked,
    requestsToday: user.requestsToday,
    totalRequests: user.totalRequests,
    lastSeen: user.lastSeen?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    language: user.language,
    languageChosen: user.languageChosen,
  };
}

/** Bot users (spec §2.10, §7 "Bot data"): read by every role; admins reset a day's count and block users. */
export const botUserRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  let summary: { at: number; value: Promise<TelegramUserSummary> } | undefined;
  function userSummary(): Promise<TelegramUserSummary> {
    const at = now().getTime();
    if (!summary || at - summary.at >= SUMMARY_FRESH_MS || at < summary.at) {
      const value = summarizeTelegramUsers(sql);
      summary = { at, value };
      value.catch(() => (summary = undefined));
    }
    return summary.value;
  }

  /** Today's date where the bot counts daily limits. */
  const today = async (db: Sql = sql) => localDay(now(), (await getSystemSettings(db)).timeZone);

  /** A bot user as the console shows them; `db` is the transaction when read within one. */
  async function detail(telegramId: number, db: Sql = sql): Promise<TelegramUserDetail> {
    const user = await findTelegramUser(db, telegramId, await today(db));
    if (!user) throw notFound(NOT_FOUND);
    const requests = await listRecentUserRequests(db, telegramId, RECENT_REQUESTS_SHOWN);
    return {
      ...toTelegramUser(user),
      languageCode: user.languageCode,
      recentRequests: requests.map((log) => ({
        id: log.id,
        timestamp: log.createdAt.toISOString(),
        level: log.level,
        message: log.message,
        command: log.command,
        request: describeRequest(log.command, log.text),
        chatId: log.chatId === null ? null : String(log.chatId),
        durationMs: log.durationMs,
        errorMessage: log.errorMessage,
      })),
    };
  }

  app.get(
    '/api/telegram-users',
    { schema: { querystring: TelegramUsersQuerySchema, response: { 200: TelegramUsersPageSchema } }, config: { permission: 'bot-users:read' } },
    async (request): Promise<TelegramUsersPage> => {
      const { page, pageSize, ...filter } = request.query;
      const [overall, day] = await Promise.all([userSummary(), today()]);
      // Without a search the summary already knows how many match.
      const known = filter.search || filter.language ? undefined : { all: overall.totalUsers, active: overall.activeUsers, inactive: overall.inactiveUsers }[filter.status];
      const { items, total } = await listTelegramUsers(sql, filter, { page, pageSize }, day, known);
      return { items: items.map(toTelegramUser), total, page, pageSize, summary: overall };
    },
  );

  app.get(
    '/api/telegram-users/ids',
    { schema: { querystring: TelegramUserFilterSchema, response: { 200: TelegramUserIdsSchema } }, config: { permission: 'bot-users:read' } },
    async (request) => {
      const { ids, total } = await listTelegramUserIds(sql, request.query, MAX_SELECTED_USER_IDS);
      return { ids: ids.map(String), total };
    },
  );

  app.get(
    '/api/telegram-users/:telegramId',
    { schema: { params: TelegramUserParamsSchema, response: { 200: TelegramUserDetailSchema } }, config: { permission: 'bot-users:read' } },
    async (request) => detail(request.params.telegramId),
  );

  app.patch(
    '/api/telegram-users/:telegramId',
    {
      schema: { params: TelegramUserParamsSchema, body: TelegramUserUpdateSchema, response: { 200: TelegramUserDetailSchema } },
      config: { permission: 'bot-users:manage' },
    },
    async (request) => {
      const { telegramId } = request.params;
      const before = await detail(telegramId);
      return audited(sql, request, {
        change: async (tx) => {
          await setTelegramUserBlocked(tx, telegramId, request.body.isBlocked);
          return detail(telegramId, tx);
        },
        audit: (after) => ({
          action: request.body.isBlocked ? 'telegram-user.block' : 'telegram-user.unblock',
          targetId: telegramId,
          before: { isBlocked: before.isBlocked },
          after: { isBlocked: after.isBlocked },
        }),
        // The summary counts who a broadcast reaches, which a block changes: it is read again.
        afterCommit: () => {
          summary = undefined;
        },
      });
    },
  );

  app.post(
    '/api/telegram-users/:telegramId/reset-daily-usage',
    { schema: { params: TelegramUserParamsSchema, response: { 200: TelegramUserDetailSchema } }, config: { permission: 'bot-users:manage' } },
    async (request) => {
      const { telegramId } = request.params;
      const day = await today();
      if (!(await findTelegramUser(sql, telegramId, day))) throw notFound(NOT_FOUND);
      await audited(sql, request, {
        change: (tx) => resetDailyUsage(tx, telegramId, day),
        audit: (used) => ({ action: 'telegram-user.reset-daily-usage', targetId: telegramId, before: { requestsToday: used }, after: { requestsToday: 0 } }),
      });
      return detail(telegramId);
    },
  );
};
