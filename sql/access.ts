import type { Sql } from './database.js';

export interface AuthorizedGroupRef {
  groupId: number;
  groupName: string;
  dailyLimit: number;
}

export interface StoredMembership {
  groupId: number;
  membershipStatus: string;
  isActive: boolean;
  lastVerified: Date;
}

/** The group, if its chat id is an active authorized group. */
export async function findActiveGroup(sql: Sql, chatId: number): Promise<AuthorizedGroupRef | undefined> {
  const [group] = await sql<AuthorizedGroupRef[]>`
    SELECT group_id, group_name, daily_limit FROM authorized_groups WHERE group_id = ${chatId} AND is_active`;
  return group;
}

export async function isWhitelistedAdmin(sql: Sql, telegramId: number): Promise<boolean> {
  const rows = await sql`SELECT 1 FROM admin_whitelist WHERE telegram_id = ${telegramId} AND is_active`;
  return rows.length > 0;
}

export interface GroupWithMembership extends AuthorizedGroupRef {
  /** What is stored of the user in this group; null when they were never checked. */
  membership: StoredMembership | null;
}

/**
 * The active authorized groups that count for the user, with what is stored of their membership:
 * those they are stored as an active member of and, given `staleBefore`, those with no stored
 * answer or one from before it. A fresh "not a member" is left out, so a user already checked
 * against hundreds of groups reads only their own. One round trip.
 */
export async function activeGroupsWithMembership(sql: Sql, telegramId: number, staleBefore: Date | null): Promise<GroupWithMembership[]> {
  const rows = await sql<(AuthorizedGroupRef & { membershipStatus: string | null; isActive: boolean | null; lastVerified: Date | null })[]>`
    SELECT g.group_id, g.group_name, g.daily_limit, m.membership_status, m.is_active, m.last_verified
    FROM authorized_groups g
    LEFT JOIN user_memberships m ON m.group_id = g.group_id AND m.telegram_id = ${telegramId}
    WHERE g.is_active
      AND (m.is_active OR ${staleBefore}::timestamptz IS NOT NULL AND (m.last_verified IS NULL OR m.last_verified <= ${staleBefore}))
    ORDER BY g.group_id`;
  return rows.map(({ groupId, groupName, dailyLimit, membershipStatus, isActive, lastVerified }) => ({
    groupId,
    groupName,
    dailyLimit,
    membership:
      membershipStatus === null || isActive === null || lastVerified === null
        ? null
        : { groupId, membershipStatus, isActive, lastVerified },
  }));
}

export interface MembershipAnswer {
  telegramId: number;
  groupId: number;
  status: string;
  isActive: boolean;
  verifiedAt: Date;
}

/** Stores what Telegram said of a user in a group; joinedAt is kept from the first time they were a member. */
export function saveMembership(sql: Sql, membership: MembershipAnswer): Promise<void> {
  return saveMemberships(sql, [membership]);
}

/** saveMembership for many answers in one statement (a user checked against every authorized group at once). */
export async function saveMemberships(sql: Sql, memberships: MembershipAnswer[]): Promise<void> {
  if (memberships.length === 0) return;
  const column = <K extends 'telegramId' | 'groupId' | 'status'>(key: K) => memberships.map((membership) => membership[key]);
  // postgres.js sends arrays of booleans and dates badly: they go as numbers and ISO text.
  const active = memberships.map((membership) => (membership.isActive ? 1 : 0));
  const verifiedAt = memberships.map((membership) => membership.verifiedAt.toISOString());
  await sql`
    INSERT INTO user_memberships (telegram_id, group_id, membership_status, joined_at, last_verified, is_active)
    SELECT telegram_id, group_id, status, CASE WHEN active <> 0 THEN verified_at END, verified_at, active <> 0
    FROM unnest(${column('telegramId')}::bigint[], ${column('groupId')}::bigint[], ${column('status')}::text[],
      ${active}::int[], ${verifiedAt}::timestamptz[]) AS u(telegram_id, group_id, status, active, verified_at)
    ON CONFLICT (telegram_id, group_id) DO UPDATE SET
      membership_status = excluded.membership_status,
      joined_at = coalesce(user_memberships.joined_at, excluded.joined_at),
      last_verified = excluded.last_verified,
      is_active = excluded.is_active`;
}

export interface GroupMembers {
  groupId: number;
  groupName: string;
  groupType: 'supergroup' | 'group' | 'channel';
  isActive: boolean;
  memberIds: number[];
}

/** Every authorized group with the users stored as its active members. */
export async function listGroupsWithMembers(sql: Sql): Promise<GroupMembers[]> {
  return sql<GroupMembers[]>`
    SELECT g.group_id, g.group_name, g.group_type, g.is_active,
      coalesce(array_agg(m.telegram_id ORDER BY m.telegram_id) FILTER (WHERE m.is_active), '{}') AS member_ids
    FROM authorized_groups g LEFT JOIN user_memberships m ON m.group_id = g.group_id
    GROUP BY g.id ORDER BY g.group_id`;
}

export interface UserMembershipRecord {
  id: number;
  groupId: number;
  /** Null when the group is no longer an authorized group. */
  groupName: string | null;
  membershipStatus: string;
  joinedAt: Date | null;
  lastVerified: Date;
  isActive: boolean;
}

/** Every stored membership of a user, with the group's name, active ones first. */
export async function listUserMemberships(sql: Sql, telegramId: number): Promise<UserMembershipRecord[]> {
  return sql<UserMembershipRecord[]>`
    SELECT m.id, m.group_id, g.group_name, m.membership_status, m.joined_at, m.last_verified, m.is_active
    FROM user_memberships m LEFT JOIN authorized_groups g ON g.group_id = m.group_id
    WHERE m.telegram_id = ${telegramId}
    ORDER BY m.is_active DESC, g.group_name NULLS LAST, m.group_id`;
}
