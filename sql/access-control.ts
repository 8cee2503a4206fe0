import type postgres from 'postgres';
import type { Sql } from './database.js';
import { rethrowDuplicate } from './errors.js';
import type { NewAuthorizedGroup, NewWhitelistEntry } from './access-bulk.js';

/** The console's reads and writes of the authorized groups and the admin whitelist (the bot's are in access.ts). */

export interface StoredAuthorizedGroup extends Omit<NewAuthorizedGroup, 'createdAt' | 'updatedAt'> {
  id: number;
  createdAt: Date;
  updatedAt: Date;
  /** Users stored as active members. */
  memberCount: number;
  /** Active members with no other way in (another active group, the whitelist); 0 for an inactive group. */
  membersLosingAccess: number;
}

export type AuthorizedGroupColumns = Omit<NewAuthorizedGroup, 'createdAt' | 'updatedAt'>;

export interface StoredWhitelistEntry extends Omit<NewWhitelistEntry, 'createdAt'> {
  id: number;
  createdAt: Date;
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
