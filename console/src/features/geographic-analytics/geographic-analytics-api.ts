import { useQuery } from '@tanstack/react-query';
import {
  GeographicAnalyticsSchema,
  GeographicHeatmapSchema,
  PerformanceMetricsSchema,
  type AnalyticsPeriod,
  type GeographicAnalytics,
  type GeographicHeatmap,
  type PerformanceMetrics,
} from '@contract/analytics.js';
import type { z } from 'zod';
import { apiRequest } from '../../lib/api-client.js';

export interface GeographicFigures {
  analytics: GeographicAnalytics;
  heatmap: GeographicHeatmap;
  metrics: PerformanceMetrics;
}

/** Rounds of asking again for parts older than the newest: one is enough unless the figures are renewed meanwhile. */
const MAX_CATCH_UPS = 3;

function query(url: string, params: Record<string, string | undefined>): string {
  const search = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => Boolean(entry[1])));
  return `${url}?${search.toString()}`;
}

/**
 * The screen's three calls (spec §7). The server computes them together, but a call that lands just after
 * they were renewed gets newer figures than the others: those are asked for again, so that the cards,
 * the heatmap and the regions always show figures of one moment.
 */
export function useGeographicFigures(period: AnalyticsPeriod, country: string | undefined, { enabled = true }: { enabled?: boolean } = {}) {
  const params = { period, country };
  return useQuery({
    enabled,
    queryKey: ['geographic-figures', period, country ?? null],
    queryFn: async (): Promise<GeographicFigures> => {
      const get = async <S extends z.ZodTypeAny>(url: string, schema: S): Promise<z.infer<S>> => schema.parse(await apiRequest<unknown>('GET', query(url, params)));
      const getAnalytics = () => get('/api/geographic-analytics', GeographicAnalyticsSchema);
      const getHeatmap = () => get('/api/geographic-heatmap', GeographicHeatmapSchema);
      const getMetrics = () => get('/api/performance-metrics', PerformanceMetricsSchema);
      let [analytics, heatmap, metrics] = await Promise.all([getAnalytics(), getHeatmap(), getMetrics()]);
      for (let round = 0; round < MAX_CATCH_UPS; round += 1) {
        const newest = [analytics.asOf, heatmap.asOf, metrics.asOf].sort().at(-1)!;
        if (analytics.asOf === newest && heatmap.asOf === newest && metrics.asOf === newest) break;
        [analytics, heatmap, metrics] = await Promise.all([
          analytics.asOf === newest ? analytics : getAnalytics(),
          heatmap.asOf === newest ? heatmap : getHeatmap(),
          metrics.asOf === newest ? metrics : getMetrics(),
        ]);
      }
      return { analytics, heatmap, metrics };
    },
  });
}
