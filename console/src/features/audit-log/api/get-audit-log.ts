import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AuditLogPageSchema, type AuditLogPage } from '@contract/audit-log.js';
import { apiRequest } from '../../../lib/api-client.js';
import { auditLogQueryString, type AuditLogListParams } from '../audit-filter.js';
import { AUDIT_LOG_URL, auditLogListQueryKey } from './keys.js';

/** One page of the entries matching the filter, newest first, with how many match. */
export async function getAuditLog({ view, page, pageSize }: AuditLogListParams): Promise<AuditLogPage> {
  return AuditLogPageSchema.parse(await apiRequest<unknown>('GET', `${AUDIT_LOG_URL}?${auditLogQueryString(view, { page, pageSize })}`));
}

/**
 * Fresh on arrival, since a change made a moment ago is what one comes to check; the previous page
 * stays on screen while the next one loads, so paging does not flash. `enabled: false` asks nothing
 * (a filter the API would refuse).
 */
export function useAuditLog(params: AuditLogListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: auditLogListQueryKey(params), queryFn: () => getAuditLog(params), staleTime: 0, placeholderData: keepPreviousData, enabled });
}
