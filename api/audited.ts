import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUDIT_ACTIONS, type AuditAction } from './contract/audit-actions.js';
import { sendCreatedOnce } from './plugins/idempotency.js';
import { recordAudit } from '../sql/audit-log.js';
import type { Sql } from '../sql/database.js';
import { transaction } from '../sql/transaction.js';

/** One audit row: what was done, to which record (its target type follows from the action), and that record before and after. */
export interface AuditRecord {
  action: AuditAction;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** A change a staff member makes, and what the audit log records of it. */
export interface AuditedChange<T> {
  /**
   * The writes, all through `tx`. `alsoRecord` adds a row the change made necessary (a template it
   * deactivated), written after the change's own.
   */
  change: (tx: Sql, alsoRecord: (row: AuditRecord) => void) => Promise<T>;
  /** The change's audit row: fixed, or made from what the change returned. */
  audit: AuditRecord | ((result: T) => AuditRecord);
  /**
   * What follows the change outside the database (waking the broadcast sender, dropping a cache,
   * telling the simulator): run once the change is committed, never for one rolled back.
   */
  afterCommit?: (result: T) => void;
  /**
   * A create answered once per Idempotency-Key: the answer is stored in the change's transaction and
   * sent with this status (sendCreatedOnce, api/plugins/idempotency.ts); the route then returns `reply`.
   */
  created?: { reply: FastifyReply; statusCode: number };
}

/** Writes one audit row for the signed-in staff member, from the address the request came from. */
function record(sql: Sql, request: FastifyRequest, { action, ...row }: AuditRecord): Promise<void> {
  return recordAudit(sql, {
    actorId: request.auth?.id ?? null,
    actorUsername: request.auth?.username ?? null,
    ip: request.ip,
    action,
    targetType: AUDIT_ACTIONS[action],
    ...row,
  });
}

/**
 * The one way a route changes something for staff and records it (docs/style.md "The API"): the
 * change runs in one transaction with its audit rows, so a failure of either leaves neither, and
 * `afterCommit` runs only once that transaction committed. Resolves with what the change returned.
 * `sql` is the pool: inside a transaction already open, the change would commit later, with that one.
 *
 * Given an audit row alone, records an act that changes nothing in the database (an export, a
 * backup started).
 */
export function audited(sql: Sql, request: FastifyRequest, act: AuditRecord): Promise<void>;
export function audited<T>(sql: Sql, request: FastifyRequest, change: AuditedChange<T>): Promise<T>;
export async function audited<T>(sql: Sql, request: FastifyRequest, what: AuditRecord | AuditedChange<T>): Promise<T | void> {
  if ('action' in what) return record(sql, request, what);
  const { change, audit, afterCommit, created } = what;
  const changeAndRecord = async (tx: Sql): Promise<T> => {
    const also: AuditRecord[] = [];
    const result = await change(tx, (row) => void also.push(row));
    for (const row of [typeof audit === 'function' ? audit(result) : audit, ...also]) await record(tx, request, row);
    return result;
  };
  const result = created
    ? await sendCreatedOnce(sql, request, created.reply, created.statusCode, changeAndRecord)
    : await transaction(sql, changeAndRecord);
  afterCommit?.(result);
  return result;
}
