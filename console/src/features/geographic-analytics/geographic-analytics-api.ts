import { useQuery } from '@tanstack/react-query';
import {
  GeographicAnalyticsSchema,
  GeographicHeatmapSchema,
  PerformanceMetricsSchema,
  type AnalyticsPeriod,
} from '@contract/analytics.js';
import { apiRequest } from '../../lib/api-client.js';

function query(url: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return `${url}?${search.toString()}`;
}

export function useGeographicAnalytics(period: AnalyticsPeriod, country: string | undefined) {
  const url = query('/api/geographic-analytics', { period, country });
  return useQuery({ queryKey: [url], queryFn: async () => GeographicAnalyticsSchema.parse(await apiRequest<unknown>('GET', url)) });
}

export function useGeographicHeatmap(period: AnalyticsPeriod, country: string | undefined) {
  const url = query('/api/geographic-heatmap', { period, country });
  return useQuery({ queryKey: [url], queryFn: async () => GeographicHeatmapSchema.parse(await apiRequest<unknown>('GET', url)) });
}

export function usePerformanceMetrics(period: AnalyticsPeriod, country: string | undefined) {
  const url = query('/api/performance-metrics', { period, country });
  return useQuery({ queryKey: [url], queryFn: async () => PerformanceMetricsSchema.parse(await apiRequest<unknown>('GET', url)) });
}
