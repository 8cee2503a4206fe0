import type postgres from 'postgres';
import type { AuditLogFilter } from '../api/contract/audit-log.js';
import type { Sql } from './database.js';
import { containsPattern } from './like.js';

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

/** A recorded change as the console lists it; before and after are the JSON text as stored. */
export interface StoredAuditEntry {
  id: number;
  createdAt: Date;
  actorId: number | null;
  actorUsername: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  ip: string | null;
  beforeJson: string | null;
  afterJson: string | null;
}

type Condition = postgres.PendingQuery<postgres.Row[]>;

/**
 * The WHERE condition of a filter. The search goes through migration 014's trigram index: the
 * expression here must stay the one indexed there.
 */
function auditFilterSql(sql: Sql, filter: AuditLogFilter): Condition {
  const conditions: Condition[] = [];
  if (filter.actor) conditions.push(sql`actor_username = ${filter.actor}`);
  if (filter.action) conditions.push(sql`action = ${filter.action}`);
  if (filter.targetType) conditions.push(sql`target_type = ${filter.targetType}`);
  if (filter.targetId) conditions.push(sql`target_id = ${filter.targetId}`);
  if (filter.from) conditions.push(sql`created_at >= ${filter.from}`);
  if (filter.to) conditions.push(sql`created_at <= ${filter.to}`);
  if (filter.search) {
    conditions.push(sql`
      lower(action || ' ' || target_type || ' ' || coalesce(target_id, '') || ' ' || coalesce(actor_username, ''))
      LIKE lower(${containsPattern(filter.search)})`);
  }
  if (conditions.length === 0) return sql`TRUE`;
  return conditions.slice(1).reduce((all, condition) => sql`${all} AND ${condition}`, conditions[0]!);
}

// Read as text: the client's camelCase transform would otherwise rename the recorded keys.
const entryColumns = (sql: Sql) => sql`
  id, created_at, actor_id, actor_username, action, target_type, target_id, ip,
  before::text AS before_json, after::text AS after_json`;

/** One page of the entries matching the filter, newest first, and how many match. */
export async function listAuditEntries(
  sql: Sql,
  filter: AuditLogFilter,
  page: { page: number; pageSize: number },
): Promise<{ items: StoredAuditEntry[]; total: number }> {
  const where = auditFilterSql(sql, filter);
  const [items, [count]] = await Promise.all([
    sql<StoredAuditEntry[]>`
      SELECT ${entryColumns(sql)} FROM audit_log WHERE ${where}
      ORDER BY created_at DESC, id DESC
      LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}`,
    sql<{ total: number }[]>`SELECT count(*)::int AS total FROM audit_log WHERE ${where}`,
  ]);
  return { items, total: count!.total };
}

/** Every entry matching the filter, newest first, read from a cursor a batch at a time. */
export async function* auditEntriesForExport(sql: Sql, filter: AuditLogFilter, batchSize = 1000): AsyncGenerator<StoredAuditEntry> {
  const cursor = sql<StoredAuditEntry[]>`
    SELECT ${entryColumns(sql)} FROM audit_log WHERE ${auditFilterSql(sql, filter)}
    ORDER BY created_at DESC, id DESC`.cursor(batchSize);
  for await (const rows of cursor) yield* rows;
}

/**
 * The distinct values of a column, sorted, nulls left out. Each step jumps to the next value
 * through the column's index (migration 014), so the cost grows with the values, not the rows.
 */
async function distinctValues(sql: Sql, column: 'actor_username' | 'action' | 'target_type'): Promise<string[]> {
  const rows = await sql<{ value: string | null }[]>`
    WITH RECURSIVE distinct_values (value) AS (
      (SELECT ${sql(column)} FROM audit_log WHERE ${sql(column)} IS NOT NULL ORDER BY 1 LIMIT 1)
      UNION ALL
      SELECT (SELECT ${sql(column)} FROM audit_log WHERE ${sql(column)} > distinct_values.value ORDER BY 1 LIMIT 1)
      FROM distinct_values WHERE distinct_values.value IS NOT NULL
    )
    SELECT value FROM distinct_values WHERE value IS NOT NULL ORDER BY value`;
  return rows.map((row) => row.value!);
}

/** The actors, actions and target types the log holds: what the screen's filter menus offer. */
export async function auditFilterOptions(sql: Sql): Promise<{ actors: string[]; actions: string[]; targetTypes: string[] }> {
  const [actors, actions, targetTypes] = await Promise.all([
    distinctValues(sql, 'actor_username'),
    distinctValues(sql, 'action'),
    distinctValues(sql, 'target_type'),
  ]);
  return { actors, actions, targetTypes };
}

/** Who made the latest audited change of a record; undefined when none is audited (the bot, SQL by hand). */
export async function lastActorOf(sql: Sql, targetType: string, targetId: number): Promise<string | undefined> {
  const [last] = await sql<{ actorUsername: string | null }[]>`
    SELECT actor_username FROM audit_log WHERE target_type = ${targetType} AND target_id = ${String(targetId)} ORDER BY id DESC LIMIT 1`;
  return last?.actorUsername ?? undefined;
}
