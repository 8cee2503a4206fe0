import {
  TOP_LOCATIONS,
  type AnalyticsOverview,
  type AnalyticsPeriod,
  type ContactAnalytics,
  type ContactAnalyticsQuery,
  type GeographicAnalytics,
  type GeographicHeatmap,
  type GeographicQuery,
  type LocationRequests,
  type PerformanceMetrics,
} from '../contract/analytics.js';
import type { Sql } from '../../sql/database.js';
import { topLocations } from '../../sql/log-analytics.js';
import { contactAnalytics } from './contacts.js';
import type { FigureCache } from './figure-cache.js';
import { geographicAnalytics, geographicHeatmap, performanceMetrics } from './geographic.js';
import { analyticsOverview } from './overview.js';
import { cachePolicy, periodWindows } from './windows.js';

/**
 * The analytics endpoints' answers through the figure cache (see figure-cache.ts), for the routes
 * and for the job that refreshes the long windows ahead of time. `maxAgeMs` overrides how old a
 * kept answer may be (the job passes its interval so the answer is renewed before it runs out).
 */
export interface AnswerContext {
  sql: Sql;
  cache: FigureCache;
  at: Date;
  maxAgeMs?: number;
}

async function cachedAnswer<T>({ cache, at, maxAgeMs }: AnswerContext, name: string, period: AnalyticsPeriod, filters: (string | undefined)[], compute: () => Promise<T>) {
  const { key, ttlMs } = cachePolicy(name, period, at, ...filters);
  return cache(key, maxAgeMs ?? ttlMs, compute);
}

export async function overviewAnswer(context: AnswerContext, period: AnalyticsPeriod): Promise<AnalyticsOverview> {
  const { value, computedAt } = await cachedAnswer(context, 'overview', period, [], () => analyticsOverview(context.sql, period, context.at));
  return { ...value, asOf: computedAt.toISOString() };
}

export async function locationRequestsAnswer(context: AnswerContext, period: AnalyticsPeriod): Promise<LocationRequests> {
  const range = periodWindows(period, context.at).range;
  const { value } = await cachedAnswer(context, 'location-requests', period, [], () => topLocations(context.sql, range, TOP_LOCATIONS));
  return { period, items: value };
}

export async function geographicAnswer(context: AnswerContext, query: GeographicQuery): Promise<GeographicAnalytics> {
  const { value, computedAt } = await cachedAnswer(context, 'geographic', query.period, [query.country], () => geographicAnalytics(context.sql, query, context.at));
  return { ...value, asOf: computedAt.toISOString() };
}

export async function heatmapAnswer(context: AnswerContext, query: GeographicQuery): Promise<GeographicHeatmap> {
  return (await cachedAnswer(context, 'heatmap', query.period, [query.country], () => geographicHeatmap(context.sql, query, context.at))).value;
}

export async function performanceAnswer(context: AnswerContext, period: AnalyticsPeriod): Promise<PerformanceMetrics> {
  return (await cachedAnswer(context, 'performance', period, [], () => performanceMetrics(context.sql, period, context.at))).value;
}

export async function contactAnswer(context: AnswerContext, query: ContactAnalyticsQuery): Promise<ContactAnalytics> {
  const { value, computedAt } = await cachedAnswer(context, 'contacts', query.period, [query.region], () => contactAnalytics(context.sql, query, context.at));
  return { ...value, asOf: computedAt.toISOString() };
}

/** The windows whose answers take long to compute: a job renews their unfiltered answers ahead of time. */
const LONG_PERIODS: AnalyticsPeriod[] = ['30d', '1y'];

/** Renews the long windows' unfiltered answers older than `maxAgeMs`, one at a time (the job keeps the database's load low). */
export async function refreshLongWindowAnswers(sql: Sql, cache: FigureCache, at: Date, maxAgeMs: number): Promise<void> {
  const context = { sql, cache, at, maxAgeMs };
  for (const period of LONG_PERIODS) {
    await overviewAnswer(context, period);
    await geographicAnswer(context, { period, country: undefined });
    await heatmapAnswer(context, { period, country: undefined });
    await performanceAnswer(context, period);
    await contactAnswer(context, { period, region: undefined });
  }
}
