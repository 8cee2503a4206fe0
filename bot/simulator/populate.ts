import type { Sql } from '../../sql/database.js';
import { listGroupsWithMembers } from '../../sql/access.js';
import { listTelegramProfiles } from '../../sql/telegram-users.js';
import type { TelegramSimulator } from './simulator.js';

/**
 * The simulator keeps its world in memory: at start it is rebuilt from the database, so the
 * bot users, the authorized groups and their members are there to try the bot with at once.
 * The bot joins each active group as an administrator after its members, so that loading them
 * sends it no updates; it stays out of inactive groups, which it would otherwise have to leave.
 */
export async function populateSimulator(sql: Sql, simulator: TelegramSimulator): Promise<void> {
  const [users, groups] = await Promise.all([listTelegramProfiles(sql), listGroupsWithMembers(sql)]);
  for (const user of users) {
    simulator.upsertUser({
      id: user.telegramId,
      first_name: user.firstName || `User ${user.telegramId}`,
      ...(user.lastName && { last_name: user.lastName }),
      ...(user.username && { username: user.username }),
      ...(user.languageCode && { language_code: user.languageCode }),
    });
  }
  const userIds = new Set(users.map((user) => user.telegramId));
  const owner = users[0]?.telegramId;
  for (const group of groups) {
    if (group.groupType === 'channel' || group.groupId >= 0) continue;
    simulator.createGroup({ id: group.groupId, title: group.groupName, type: group.groupType });
    for (const memberId of group.memberIds) {
      if (userIds.has(memberId)) simulator.addMember(group.groupId, memberId);
    }
    if (group.isActive && owner !== undefined) simulator.addBot(group.groupId, owner, 'administrator');
  }
}
