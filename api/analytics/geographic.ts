import {
  successBadge,
  type AnalyticsPeriod,
  type GeographicAnalytics,
  type GeographicHeatmap,
  type GeographicQuery,
  type PerformanceMetrics,
} from '../contract/analytics.js';
import type { Sql } from '../../sql/database.js';
import { locationStats, placeTotals, type LocationStats, type PlaceTotals } from '../../sql/log-analytics.js';
import { periodWindow } from './windows.js';
import type { FigureWindow } from '../contract/figure-windows.js';

/** Places listed per screen; the summary cards count every place. */
const PLACES_SHOWN = 100;
const ALL_PLACES = 100_000;

/** A stable id of a place: its parts, '' for a missing one. */
function placeId(place: { country: string | null; region: string | null; city: string | null }): string {
  return [place.country ?? '', place.region ?? '', place.city ?? ''].join('/');
}

/** Geographic Analytics' three answers, computed together so that the screen's figures are of one moment. */
export interface GeographicFigures {
  analytics: Omit<GeographicAnalytics, 'asOf'>;
  heatmap: Omit<GeographicHeatmap, 'asOf'>;
  performance: Omit<PerformanceMetrics, 'asOf'>;
}

export async function geographicFigures(sql: Sql, query: GeographicQuery, now: Date, timeZone: string): Promise<GeographicFigures> {
  const range = periodWindow(query.period, now, timeZone);
  const [stats, cityTotals, regions, countries] = await Promise.all([
    locationStats(sql, range, { level: 'city', country: query.country, limit: PLACES_SHOWN }),
    placeTotals(sql, range, { level: 'city', country: query.country, limit: PLACES_SHOWN }),
    placeTotals(sql, range, { level: 'region', country: query.country, limit: ALL_PLACES }),
    placeTotals(sql, range, { level: 'country', limit: ALL_PLACES }),
  ]);
  return {
    analytics: geographicAnalytics(query.period, range, timeZone, stats, regions, countries),
    heatmap: geographicHeatmap(query.period, cityTotals),
    performance: performanceMetrics(query.period, regions.slice(0, PLACES_SHOWN), now),
  };
}

/** Spec §2.13 Detailed Analytics and cards: per city, and the window's totals over regions. */
function geographicAnalytics(
  period: AnalyticsPeriod,
  range: FigureWindow,
  timeZone: string,
  cities: LocationStats[],
  regions: PlaceTotals[],
  countries: PlaceTotals[],
): GeographicFigures['analytics'] {
  const durations = regions.reduce((sum, region) => sum + region.durationCount, 0);
  const totalRequests = regions.reduce((sum, region) => sum + region.requests, 0);
  return {
    period,
    from: range.start.toISOString(),
    to: range.end.toISOString(),
    timeZone,
    countries: countries.flatMap((place) => (place.country === null ? [] : [place.country])).sort((a, b) => a.localeCompare(b)),
    summary: {
      totalRequests,
      successRate: regions.length === 0 ? null : regions.reduce((sum, region) => sum + region.successRate, 0) / regions.length,
      // The mean over every request with a duration, like every other mean response time.
      avgResponseTimeMs: durations === 0 ? null : regions.reduce((sum, region) => sum + (region.meanDurationMs ?? 0) * region.durationCount, 0) / durations,
      activeRegions: regions.length,
    },
    items: cities.map((place) => ({
      id: placeId(place),
      country: place.country,
      region: place.region,
      city: place.city,
      requestCount: place.requests,
      successCount: place.successful,
      successRate: place.successRate,
      avgResponseTimeMs: place.meanDurationMs,
      uniqueUsers: place.uniqueUsers,
      lastRequestAt: place.lastRequestAt.toISOString(),
    })),
  };
}

/** Spec §2.13 Geographic Heatmap: per city, its requests and success rate with the badge it earns. */
function geographicHeatmap(period: AnalyticsPeriod, places: PlaceTotals[]): GeographicFigures['heatmap'] {
  return {
    period,
    items: places.map((place) => ({
      id: placeId(place),
      city: place.city,
      region: place.region,
      country: place.country,
      requestCount: place.requests,
      successRate: place.successRate,
      badge: successBadge(place.successRate),
      lastUpdated: place.lastRequestAt.toISOString(),
    })),
  };
}

/** Spec §2.13 Performance by Region: each region's mean response time (ms) and success rate (%), optionally of one country's regions. */
function performanceMetrics(period: AnalyticsPeriod, regions: PlaceTotals[], now: Date): GeographicFigures['performance'] {
  const timestamp = now.toISOString();
  return {
    period,
    items: regions.flatMap((place) => [
      ...(place.meanDurationMs === null
        ? []
        : [{ id: `${placeId(place)}:response_time`, region: place.region, country: place.country, metricType: 'response_time' as const, value: place.meanDurationMs, timestamp }]),
      { id: `${placeId(place)}:success_rate`, region: place.region, country: place.country, metricType: 'success_rate' as const, value: place.successRate, timestamp },
    ]),
  };
}
