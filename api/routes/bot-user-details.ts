import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DailyUsageQuerySchema,
  DailyUsageSchema,
  UserMembershipSchema,
  UserMembershipsQuerySchema,
  type DailyUsage,
  type UserMembership,
} from '../contract/bot-users.js';
import { localDay, nextMidnight } from '../contract/time-zone.js';
import type { Sql } from '../../sql/database.js';
import { activeGroupsWithMembership, isWhitelistedAdmin, listUserMemberships } from '../../sql/access-control.js';
import { usedToday } from '../../sql/daily-usage.js';
import { getSystemSettings } from '../../sql/settings.js';

/**
 * The user's daily limit as the bot sets it in their private chat: none for whitelisted admins,
 * else the system's default daily limit, or the largest limit of the active authorized groups they
 * are stored as a member of when that is more. It reads the stored memberships; the bot re-checks stale ones with Telegram.
 */
async function dailyLimitOf(sql: Sql, telegramId: number, defaultLimit: number): Promise<number | null> {
  if (await isWhitelistedAdmin(sql, telegramId)) return null;
  const groups = await activeGroupsWithMembership(sql, telegramId, null);
  const limits = groups.map((group) => group.dailyLimit);
  return Math.max(defaultLimit, ...limits);
}

/** Bot users' daily usage and group memberships (spec §3, §7 "Bot data"), for every role. */
export const botUserDetailRoutes: FastifyPluginAsync<{ sql: Sql; now: () => Date }> = async (instance, { sql, now }) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/daily-usage',
    { schema: { querystring: DailyUsageQuerySchema, response: { 200: DailyUsageSchema } }, config: { permission: 'bot-users:read' } },
    async (request): Promise<DailyUsage> => {
      const settings = await getSystemSettings(sql);
      const instant = now();
      const resetTime = nextMidnight(instant, settings.timeZone).toISOString();
      const { userId } = request.query;
      if (userId === undefined) {
        const limit = settings.defaultDailyLimit;
        return { used: 0, remaining: limit, limit, allowed: limit > 0, resetTime };
      }
      const [limit, used] = await Promise.all([
        dailyLimitOf(sql, userId, settings.defaultDailyLimit),
        usedToday(sql, userId, localDay(instant, settings.timeZone)),
      ]);
      if (limit === null) return { used, remaining: null, limit: null, allowed: true, resetTime };
      const remaining = Math.max(limit - used, 0);
      return { used, remaining, limit, allowed: remaining > 0, resetTime };
    },
  );

  app.get(
    '/api/user-memberships',
    { schema: { querystring: UserMembershipsQuerySchema, response: { 200: UserMembershipSchema.array() } }, config: { permission: 'bot-users:read' } },
    async (request): Promise<UserMembership[]> =>
      (await listUserMemberships(sql, request.query.userId)).map((membership) => ({
        ...membership,
        joinedAt: membership.joinedAt?.toISOString() ?? null,
        lastVerified: membership.lastVerified.toISOString(),
      })),
  );
};
