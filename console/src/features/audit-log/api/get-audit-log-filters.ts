import { useQuery } from '@tanstack/react-query';
import { AuditLogFilterOptionsSchema, type AuditLogFilterOptions } from '@contract/audit-log.js';
import { apiRequest } from '../../../lib/api-client.js';
import { AUDIT_LOG_URL, auditLogFilterOptionsQueryKey } from './keys.js';

/** The actors, actions and target types the filter menus offer. */
export async function getAuditLogFilterOptions(): Promise<AuditLogFilterOptions> {
  return AuditLogFilterOptionsSchema.parse(await apiRequest<unknown>('GET', `${AUDIT_LOG_URL}/filters`));
}

export function useAuditLogFilterOptions() {
  return useQuery({ queryKey: auditLogFilterOptionsQueryKey, queryFn: getAuditLogFilterOptions, staleTime: 0 });
}
