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
import { dailyLimitOf, decidePrivateAccess, refusedForMaintenance, remainingToday, REFUSAL_REASONS, type Refusal } from '../contract/bot-access.js';
import { localDay, nextMidnight } from '../contract/time-zone.js';
import type { Sql } from '../../sql/database.js';
import { activeGroupsWithMembership, isWhitelistedAdmin, listUserMemberships } from '../../sql/access-control.js';
import { usedToday } from '../../sql/daily-usage.js';
import { findTelegramUser } from '../../sql/bot-users.js';
import { getSystemSettings, type SystemSettings } from '../../sql/settings.js';

/**
 * Whether the bot would answer the user in private now, by the bot's own rule (decidePrivateAccess)
 * over what is stored: memberships as last verified (the bot re-checks stale ones with Telegram on the
 * user's next request), staff blocks, the whitelist and maintenance mode. A refused user's limit is
 * the one they would have, for staff to see.
 */
async function accessOf(sql: Sql, telegramId: number, settings: SystemSettings, day: string): Promise<{ dailyLimit: number | null; refusal: Refusal | null }> {
  const [user, groups, whitelisted] = await Promise.all([
    findTelegramUser(sql, telegramId, day),
    activeGroupsWithMembership(sql, telegramId, null),
    isWhitelistedAdmin(sql, telegramId),
  ]);
  const limits = groups.map((group) => group.dailyLimit);
  const decision = await decidePrivateAccess({
    isBlocked: user?.isBlocked ?? false,
    isWhitelisted: async () => whitelisted,
    memberGroupLimits: async () => limits,
    defaultDailyLimit: settings.defaultDailyLimit,
  });
  if (!decision.allowed) return { dailyLimit: whitelisted ? null : dailyLimitOf(settings.defaultDailyLimit, limits), refusal: decision.refusal };
  return { dailyLimit: decision.dailyLimit, refusal: refusedForMaintenance(settings.maintenanceMode, decision.whitelisted) ? 'maintenance' : null };
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
        return { used: 0, remaining: limit, limit, allowed: limit > 0, reason: limit > 0 ? null : REFUSAL_REASONS.dailyLimit, resetTime };
      }
      const day = localDay(instant, settings.timeZone);
      const [access, used] = await Promise.all([accessOf(sql, userId, settings, day), usedToday(sql, userId, day)]);
      const remaining = access.refusal === null ? remainingToday(access.dailyLimit, used) : 0;
      const refusal = access.refusal ?? (remaining === 0 ? 'dailyLimit' : null);
      return { used, remaining, limit: access.dailyLimit, allowed: refusal === null, reason: refusal && REFUSAL_REASONS[refusal], resetTime };
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
