import type postgres from 'postgres';
import type { Sql } from './database.js';
import { rethrowDuplicate } from './errors.js';

/**
 * Access control: the authorized groups, the admin whitelist and the stored group memberships,
 * with the bot's reads (access gate, membership checks), the console's reads and writes, the
 * System Settings' allowed groups and the bulk loads of demo data.
 */

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

export interface AuthorizedGroupRef {
  groupId: number;
  groupName: string;
  dailyLimit: number;
}

/** What is stored of a user's membership in a group, as the bot reads it. */
export type StoredMembership = Pick<NewMembership, 'groupId' | 'membershipStatus' | 'isActive' | 'lastVerified'>;

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

export interface UserMembershipRecord extends Omit<NewMembership, 'telegramId'> {
  id: number;
  /** Null when the group is no longer an authorized group. */
  groupName: string | null;
}

/**
 * The groups a user is or was a member of, with the group's name, current ones first. Telegram says
 * "left" of anyone not in a group, so a stored answer of a group they never joined (no joinedAt) is a
 * check, not a membership, and is left out.
 */
export async function listUserMemberships(sql: Sql, telegramId: number): Promise<UserMembershipRecord[]> {
  return sql<UserMembershipRecord[]>`
    SELECT m.id, m.group_id, g.group_name, m.membership_status, m.joined_at, m.last_verified, m.is_active
    FROM user_memberships m LEFT JOIN authorized_groups g ON g.group_id = m.group_id
    WHERE m.telegram_id = ${telegramId} AND (m.is_active OR m.joined_at IS NOT NULL)
    ORDER BY m.is_active DESC, g.group_name NULLS LAST, m.group_id`;
}

export interface StoredAuthorizedGroup extends NewAuthorizedGroup {
  id: number;
  /** Users stored as active members. */
  memberCount: number;
  /** Active members with no other way in (another active group, the whitelist); 0 for an inactive group. */
  membersLosingAccess: number;
}

export type AuthorizedGroupColumns = Omit<NewAuthorizedGroup, 'createdAt' | 'updatedAt'>;

export interface StoredWhitelistEntry extends NewWhitelistEntry {
  id: number;
}

export type WhitelistColumns = Omit<NewWhitelistEntry, 'createdAt'>;

const GROUP_ID_TAKEN = { authorized_groups_group_id_key: 'groupId' };
const TELEGRAM_ID_TAKEN = { admin_whitelist_telegram_id_key: 'telegramId' };

const likePattern = (search: string | undefined) => (search ? `%${search.replace(/[\\%_]/g, '\\$&')}%` : undefined);

/**
 * Groups with their member counts; `where` narrows them. A member loses access with a group when
 * it is the only active group they are an active member of and they are not whitelisted. Each
 * user's ways in are counted in one pass (a window over the memberships), not looked up per
 * membership, which took 5 times as long at 100,000 users.
 */
function groupsWithCounts(sql: Sql, where: postgres.PendingQuery<postgres.Row[]>) {
  return sql<StoredAuthorizedGroup[]>`
    WITH members AS (
      SELECT group_id, count(*) AS n FROM user_memberships WHERE is_active GROUP BY group_id
    ), ways_in AS (
      SELECT m.telegram_id, m.group_id, count(*) OVER (PARTITION BY m.telegram_id) AS ways
      FROM user_memberships m JOIN authorized_groups ag ON ag.group_id = m.group_id AND ag.is_active
      WHERE m.is_active
    ), losing AS (
      SELECT group_id, count(*) AS n FROM ways_in
      WHERE ways = 1 AND NOT EXISTS (SELECT 1 FROM admin_whitelist w WHERE w.telegram_id = ways_in.telegram_id AND w.is_active)
      GROUP BY group_id
    )
    SELECT g.id, g.group_id, g.group_name, g.group_type, g.daily_limit, g.description, g.is_active, g.created_at, g.updated_at,
      coalesce(members.n, 0)::int AS member_count,
      coalesce(losing.n, 0)::int AS members_losing_access
    FROM authorized_groups g
    LEFT JOIN members ON members.group_id = g.group_id
    LEFT JOIN losing ON losing.group_id = g.group_id
    WHERE ${where}
    ORDER BY lower(g.group_name), g.id`;
}

/** Every authorized group whose name, description or chat id contains the search. */
export function listAuthorizedGroups(sql: Sql, search?: string): Promise<StoredAuthorizedGroup[]> {
  const pattern = likePattern(search);
  return groupsWithCounts(
    sql,
    pattern ? sql`(g.group_name ILIKE ${pattern} OR g.description ILIKE ${pattern} OR g.group_id::text LIKE ${pattern})` : sql`true`,
  );
}

export async function findAuthorizedGroup(sql: Sql, id: number): Promise<StoredAuthorizedGroup | undefined> {
  const [group] = await groupsWithCounts(sql, sql`g.id = ${id}`);
  return group;
}

/** Inserts a group; a chat id already authorized raises DuplicateValueError('groupId'). */
export async function insertAuthorizedGroup(sql: Sql, group: AuthorizedGroupColumns): Promise<StoredAuthorizedGroup> {
  const [row] = await sql<{ id: number }[]>`INSERT INTO authorized_groups ${sql(group)} RETURNING id`.catch((error: unknown) =>
    rethrowDuplicate(error, GROUP_ID_TAKEN),
  );
  return (await findAuthorizedGroup(sql, row!.id))!;
}

/** Changes the given columns; undefined when there is no such group. A taken chat id raises DuplicateValueError. */
export async function updateAuthorizedGroup(sql: Sql, id: number, changes: Partial<AuthorizedGroupColumns>): Promise<StoredAuthorizedGroup | undefined> {
  const columns = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(columns).length > 0) {
    const updated = await sql`UPDATE authorized_groups SET ${sql(columns)}, updated_at = now() WHERE id = ${id} RETURNING id`.catch(
      (error: unknown) => rethrowDuplicate(error, GROUP_ID_TAKEN),
    );
    if (updated.length === 0) return undefined;
  }
  return findAuthorizedGroup(sql, id);
}

/**
 * Deletes a group. The stored memberships stay: a user's history still shows them, and the bot
 * reads memberships only of active authorized groups.
 */
export async function deleteAuthorizedGroup(sql: Sql, id: number): Promise<boolean> {
  const deleted = await sql`DELETE FROM authorized_groups WHERE id = ${id} RETURNING id`;
  return deleted.length > 0;
}

/** Every whitelist entry whose Telegram id, username, names or reason contains the search, newest first. */
export function listWhitelistEntries(sql: Sql, search?: string): Promise<StoredWhitelistEntry[]> {
  const pattern = likePattern(search);
  return sql<StoredWhitelistEntry[]>`
    SELECT * FROM admin_whitelist
    ${pattern
      ? sql`WHERE telegram_id::text LIKE ${pattern} OR username ILIKE ${pattern} OR first_name ILIKE ${pattern}
          OR last_name ILIKE ${pattern} OR reason ILIKE ${pattern}`
      : sql``}
    ORDER BY created_at DESC, id DESC`;
}

export async function findWhitelistEntry(sql: Sql, id: number): Promise<StoredWhitelistEntry | undefined> {
  const [entry] = await sql<StoredWhitelistEntry[]>`SELECT * FROM admin_whitelist WHERE id = ${id}`;
  return entry;
}

/** Inserts an entry; a Telegram id already listed raises DuplicateValueError('telegramId'). */
export async function insertWhitelistEntry(sql: Sql, entry: WhitelistColumns): Promise<StoredWhitelistEntry> {
  const [created] = await sql<StoredWhitelistEntry[]>`INSERT INTO admin_whitelist ${sql(entry)} RETURNING *`.catch((error: unknown) =>
    rethrowDuplicate(error, TELEGRAM_ID_TAKEN),
  );
  return created!;
}

/** Changes the given columns; undefined when there is no such entry. A taken Telegram id raises DuplicateValueError. */
export async function updateWhitelistEntry(sql: Sql, id: number, changes: Partial<WhitelistColumns>): Promise<StoredWhitelistEntry | undefined> {
  const columns = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(columns).length === 0) return findWhitelistEntry(sql, id);
  const [updated] = await sql<StoredWhitelistEntry[]>`UPDATE admin_whitelist SET ${sql(columns)} WHERE id = ${id} RETURNING *`.catch(
    (error: unknown) => rethrowDuplicate(error, TELEGRAM_ID_TAKEN),
  );
  return updated;
}

export async function deleteWhitelistEntry(sql: Sql, id: number): Promise<boolean> {
  const deleted = await sql`DELETE FROM admin_whitelist WHERE id = ${id} RETURNING id`;
  return deleted.length > 0;
}

/**
 * The groups the bot serves, as the System Settings dialog shows and edits them. The
 * authorized_groups table is the single source of truth: "allowed" means an active authorized group.
 */
export async function listAllowedGroupIds(sql: Sql): Promise<number[]> {
  const rows = await sql<{ groupId: number }[]>`SELECT group_id FROM authorized_groups WHERE is_active ORDER BY id`;
  return rows.map((row) => row.groupId);
}

/** The ids among these that are not authorized groups at all. */
export async function findUnknownGroupIds(sql: Sql, groupIds: number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await sql<{ groupId: number }[]>`
    SELECT wanted.group_id FROM unnest(${groupIds.map(String)}::bigint[]) WITH ORDINALITY AS wanted (group_id, position)
    WHERE NOT EXISTS (SELECT 1 FROM authorized_groups g WHERE g.group_id = wanted.group_id)
    ORDER BY wanted.position`;
  return rows.map((row) => row.groupId);
}

/** Makes exactly these authorized groups active and every other one inactive. */
export async function setAllowedGroups(sql: Sql, groupIds: number[]): Promise<void> {
  await sql`
    UPDATE authorized_groups SET is_active = (group_id = ANY (${groupIds.map(String)}::bigint[])), updated_at = now()
    WHERE is_active IS DISTINCT FROM (group_id = ANY (${groupIds.map(String)}::bigint[]))`;
}
