import type { AuditLogListParams } from '../audit-filter.js';

/** The audit log's address and cache keys. */
export const AUDIT_LOG_URL = '/api/audit-log';

export const auditLogListQueryKey = (params: AuditLogListParams) => [AUDIT_LOG_URL, 'list', params] as const;
export const auditLogFilterOptionsQueryKey = [AUDIT_LOG_URL, 'filters'] as const;
