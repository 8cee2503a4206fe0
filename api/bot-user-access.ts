import { dailyLimitOf, decidePrivateAccess, refusedForMaintenance, type Refusal } from './contract/bot-access.js';
import type { Sql } from '../sql/database.js';
import { activeGroupsWithMembership, isWhitelistedAdmin } from '../sql/access-control.js';
import { findTelegramUser } from '../sql/bot-users.js';
import type { SystemSettings } from '../sql/settings.js';

/**
 * Whether the bot would answer the user in private now, by the bot's own rule (decidePrivateAccess)
 * over what is stored: memberships as last verified (the bot re-checks stale ones with Telegram on the
 * user's next request), staff blocks, the whitelist and maintenance mode. A refused user's limit is
 * the one they would have, for staff to see.
 */
export async function botUserAccess(sql: Sql, telegramId: number, settings: SystemSettings, day: string): Promise<{ dailyLimit: number | null; refusal: Refusal | null }> {
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
