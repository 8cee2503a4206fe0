import type postgres from 'postgres';
import type { Sql } from './database.js';

export interface AuditEntry {
  actorId: number | null;
  actorUsername: string | null;
  action: string;
  targetType: string;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
  ip: string | null;
}

/** Records one change made by a staff member. */
export async function recordAudit(sql: Sql, entry: AuditEntry): Promise<void> {
  await sql`
    INSERT INTO audit_log (actor_id, actor_username, action, target_type, target_id, before, after, ip)
    VALUES (
      ${entry.actorId}, ${entry.actorUsername}, ${entry.action}, ${entry.targetType},
      ${entry.targetId === null ? null : String(entry.targetId)},
      ${entry.before === undefined ? null : sql.json(entry.before as postgres.JSONValue)},
      ${entry.after === undefined ? null : sql.json(entry.after as postgres.JSONValue)},
      ${entry.ip})`;
}
