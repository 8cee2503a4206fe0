import type { Sql } from './database.js';

/** An authorized group row as stored, every column given (bulk loads: demo data). */
export interface NewAuthorizedGroup {
  groupId: number;
  groupName: string;
  groupType: 'supergroup' | 'group' | 'channel';
  dailyLimit: number;
  description: string | null;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** An admin whitelist row as stored, every column given. */
export interface NewWhitelistEntry {
  telegramId: number;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  reason: string | null;
  addedBy: string | null;
  isActive: boolean;
  createdAt: Date;
}

/** A stored membership row, as the bot's getChatMember checks leave them. */
export interface NewMembership {
  telegramId: number;
  groupId: number;
  membershipStatus: string;
  joinedAt: Date | null;
  lastVerified: Date;
  isActive: boolean;
}

/** Inserts authorized groups in one statement; a chat id already authorized is left as it is. */
export async function insertAuthorizedGroups(sql: Sql, groups: NewAuthorizedGroup[]): Promise<void> {
  if (groups.length === 0) return;
  await sql`INSERT INTO authorized_groups ${sql(groups)} ON CONFLICT (group_id) DO NOTHING`;
}

/** Inserts whitelist entries in one statement; a Telegram id already listed is left as it is. */
export async function insertWhitelistEntries(sql: Sql, entries: NewWhitelistEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await sql`INSERT INTO admin_whitelist ${sql(entries)} ON CONFLICT (telegram_id) DO NOTHING`;
}

/** Inserts stored memberships in one statement; one already stored for the user and group is left as it is. */
export async function insertMemberships(sql: Sql, memberships: NewMembership[]): Promise<void> {
  if (memberships.length === 0) return;
  await sql`INSERT INTO user_memberships ${sql(memberships)} ON CONFLICT (telegram_id, group_id) DO NOTHING`;
}
