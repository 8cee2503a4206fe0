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
import { remainingToday, REFUSAL_REASONS } from '../contract/bot-access.js';
import { botUserAccess } from '../bot-user-access.js';
import { localDay, nextMidnight } from '../contract/time-zone.js';
import type { Sql } from '../../sql/database.js';
import { listUserMemberships } from '../../sql/access-control.js';
import { usedToday } from '../../sql/daily-usage.js';
import { getSystemSettings } from '../../sql/settings.js';

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
        const refusal = limit > 0 ? null : 'dailyLimit';
        return { used: 0, remaining: limit, limit, allowed: refusal === null, refusal, reason: refusal && REFUSAL_REASONS[refusal], resetTime };
      }
      const day = localDay(instant, settings.timeZone);
      const [access, used] = await Promise.all([botUserAccess(sql, userId, settings, day), usedToday(sql, userId, day)]);
      const remaining = access.refusal === null ? remainingToday(access.dailyLimit, used) : 0;
      const refusal = access.refusal ?? (remaining === 0 ? 'dailyLimit' : null);
      return { used, remaining, limit: access.dailyLimit, allowed: refusal === null, refusal, reason: refusal && REFUSAL_REASONS[refusal], resetTime };
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
