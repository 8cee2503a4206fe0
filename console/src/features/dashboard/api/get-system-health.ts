import { queryOptions, useQuery } from '@tanstack/react-query';
import { SystemHealthSchema, type SystemHealth } from '@contract/system-health.js';
import { apiRequest } from '../../../lib/api-client.js';
import { SYSTEM_HEALTH_URL, systemHealthQueryKey } from './keys.js';

/** How often the System Health Monitor refreshes while it is open. */
export const HEALTH_MONITOR_REFRESH_MS = 5000;
/** How often the System Status banner looks again. */
const BANNER_REFRESH_MS = 60_000;

export async function getSystemHealth(): Promise<SystemHealth> {
  return SystemHealthSchema.parse(await apiRequest<unknown>('GET', SYSTEM_HEALTH_URL));
}

export function systemHealthQueryOptions() {
  return queryOptions({ queryKey: systemHealthQueryKey, queryFn: getSystemHealth });
}

/** Live health: every minute for the banner, every 5 s for the open monitor. */
export function useSystemHealth({ live = false }: { live?: boolean } = {}) {
  const refreshMs = live ? HEALTH_MONITOR_REFRESH_MS : BANNER_REFRESH_MS;
  return useQuery({ ...systemHealthQueryOptions(), staleTime: refreshMs, refetchInterval: refreshMs });
}
