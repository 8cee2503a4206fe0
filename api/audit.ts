import type { FastifyRequest } from 'fastify';
import { recordAudit } from '../sql/audit-log.js';
import type { Sql } from '../sql/database.js';

/** Writes what the signed-in staff member just changed to the audit log. */
export function audit(
  sql: Sql,
  request: FastifyRequest,
  change: { action: string; targetType: string; targetId: string | number | null; before?: unknown; after?: unknown },
): Promise<void> {
  return recordAudit(sql, {
    actorId: request.auth?.id ?? null,
    actorUsername: request.auth?.username ?? null,
    ip: request.ip,
    ...change,
  });
}
