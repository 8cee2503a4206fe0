import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DashboardStatsSchema, type DashboardPeriod, type DashboardStats } from '@contract/dashboard.js';
import { apiRequest, type RequestOptions } from '../../../lib/api-client.js';
import { BOT_STATS_URL, botStatsQueryKey } from './keys.js';

export async function getBotStats(period: DashboardPeriod, options?: RequestOptions): Promise<DashboardStats> {
  return DashboardStatsSchema.parse(await apiRequest<unknown>('GET', `${BOT_STATS_URL}?period=${period}`, undefined, options));
}

export function botStatsQueryOptions(period: DashboardPeriod) {
  return queryOptions({ queryKey: botStatsQueryKey(period), queryFn: () => getBotStats(period) });
}

/** The Dashboard's figures; the previous window's stay on screen while another loads. */
export function useBotStats(period: DashboardPeriod) {
  return useQuery({ ...botStatsQueryOptions(period), placeholderData: keepPreviousData });
}
