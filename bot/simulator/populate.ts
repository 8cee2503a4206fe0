import type { Sql } from '../../sql/database.js';
import { listGroupsWithMembers } from '../../sql/access-control.js';
import { listTelegramProfiles } from '../../sql/bot-users.js';
import type { TelegramSimulator } from './simulator.js';

/** An authorized group as the simulator needs it. */
export interface MirroredGroup {
  groupId: number;
  groupName: string;
  groupType: 'supergroup' | 'group' | 'channel';
  isActive: boolean;
}

const BOT_PRESENT = new Set(['creator', 'administrator', 'member', 'restricted']);

/**
 * Gives an authorized group its chat in the simulator (renamed when it exists), with the given
 * members, then, when the group is active, the bot as an administrator added by the owner. The
 * bot joins after the members, so that loading them sends it no updates; it stays out of
 * inactive groups, which it would otherwise have to leave. Channels are not simulated.
 */
export function mirrorGroup(simulator: TelegramSimulator, group: MirroredGroup, people: { ownerId: number | undefined; memberIds?: number[] }): void {
  if (group.groupType === 'channel' || group.groupId >= 0) return;
  const chat = simulator.createGroup({ id: group.groupId, title: group.groupName, type: group.groupType });
  for (const memberId of people.memberIds ?? []) simulator.addMember(group.groupId, memberId);
  if (group.isActive && people.ownerId !== undefined && !BOT_PRESENT.has(chat.botStatus)) {
    simulator.addBot(group.groupId, people.ownerId, 'administrator');
  }
}

/**
 * The simulator keeps its world in memory: at start it is rebuilt from the database, so the
 * bot users, the authorized groups and their members are there to try the bot with at once.
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
  const ownerId = users[0]?.telegramId;
  for (const group of groups) {
    mirrorGroup(simulator, group, { ownerId, memberIds: group.memberIds.filter((memberId) => userIds.has(memberId)) });
  }
}
