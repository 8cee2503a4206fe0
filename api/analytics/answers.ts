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
import type { CachedFigure, FigureCache } from './figure-cache.js';
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

const answers = new WeakMap<CachedFigure<unknown>, object>();

/**
 * The answer built from the cached figures under the endpoint's key: one object for every caller
 * while the figures last, so its JSON is made once too (see sendSharedJson).
 */
async function cachedAnswer<T, A extends object>(
  { cache, at, maxAgeMs }: AnswerContext,
  name: string,
  period: AnalyticsPeriod,
  filters: (string | undefined)[],
  compute: () => Promise<T>,
  answerOf: (figure: CachedFigure<T>) => A,
): Promise<A> {
  const { key, ttlMs } = cachePolicy(name, period, at, ...filters);
  const figure = await cache(key, maxAgeMs ?? ttlMs, compute);
  let answer = answers.get(figure) as A | undefined;
  if (answer === undefined) {
    answer = answerOf(figure);
    answers.set(figure, answer);
  }
  return answer;
}

function withAsOf<T extends object>({ value, computedAt }: CachedFigure<T>): T & { asOf: string } {
  return { ...value, asOf: computedAt.toISOString() };
}

export async function overviewAnswer(context: AnswerContext, period: AnalyticsPeriod): Promise<AnalyticsOverview> {
  return cachedAnswer(context, 'overview', period, [], () => analyticsOverview(context.sql, period, context.at), withAsOf);
}

export async function locationRequestsAnswer(context: AnswerContext, period: AnalyticsPeriod): Promise<LocationRequests> {
  const range = periodWindows(period, context.at).range;
  return cachedAnswer(context, 'location-requests', period, [], () => topLocations(context.sql, range, TOP_LOCATIONS), ({ value }) => ({ period, items: value }));
}

export async function geographicAnswer(context: AnswerContext, query: GeographicQuery): Promise<GeographicAnalytics> {
  return cachedAnswer(context, 'geographic', query.period, [query.country], () => geographicAnalytics(context.sql, query, context.at), withAsOf);
}

export async function heatmapAnswer(context: AnswerContext, query: GeographicQuery): Promise<GeographicHeatmap> {
  return cachedAnswer(context, 'heatmap', query.period, [query.country], () => geographicHeatmap(context.sql, query, context.at), ({ value }) => value);
}

export async function performanceAnswer(context: AnswerContext, period: AnalyticsPeriod): Promise<PerformanceMetrics> {
  return cachedAnswer(context, 'performance', period, [], () => performanceMetrics(context.sql, period, context.at), ({ value }) => value);
}

export async function contactAnswer(context: AnswerContext, query: ContactAnalyticsQuery): Promise<ContactAnalytics> {
  return cachedAnswer(context, 'contacts', query.period, [query.region], () => contactAnalytics(context.sql, query, context.at), withAsOf);
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
