import type { Sql } from './database.js';

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
