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
import type { FastifyRequest } from 'fastify';
import { asksForFreshFigures, type CachedFigure, type FigureCache } from './figure-cache.js';
import { geographicFigures, type GeographicFigures } from './geographic.js';
import { analyticsOverview } from './overview.js';
import { cachePolicy, periodWindow } from './windows.js';
import { getSystemSettings } from '../../sql/settings.js';

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

/** A Refresh (Cache-Control: no-cache) wants figures computed now: no kept answer is old enough to do. */
export function requestedFreshness(request: FastifyRequest): Pick<AnswerContext, 'maxAgeMs'> {
  return asksForFreshFigures(request) ? { maxAgeMs: 0 } : {};
}

const answers = new WeakMap<CachedFigure<unknown>, object>();

/**
 * The answer built from the cached figures under the endpoint's key: one object for every caller
 * while the figures last, so its JSON is made once too (see sendSharedJson).
 */
async function cachedAnswer<T, A extends object>(
  { sql, cache, at, maxAgeMs }: AnswerContext,
  name: string,
  period: AnalyticsPeriod,
  filters: (string | undefined)[],
  compute: (timeZone: string) => Promise<T>,
  answerOf: (figure: CachedFigure<T>) => A,
): Promise<A> {
  // Windows' days run in the configured time zone: a change of it is a new answer at once.
  const { timeZone } = await getSystemSettings(sql);
  const { key, ttlMs } = cachePolicy(name, period, at, timeZone, ...filters);
  const figure = await cache(key, maxAgeMs ?? ttlMs, () => compute(timeZone));
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
  return cachedAnswer(context, 'overview', period, [], (timeZone) => analyticsOverview(context.sql, period, context.at, timeZone), withAsOf);
}

export async function locationRequestsAnswer(context: AnswerContext, period: AnalyticsPeriod): Promise<LocationRequests> {
  return cachedAnswer(
    context,
    'location-requests',
    period,
    [],
    (timeZone) => topLocations(context.sql, periodWindow(period, context.at, timeZone), TOP_LOCATIONS),
    ({ value }) => ({ period, items: value }),
  );
}

/** Geographic Analytics' three answers share one computation and one "as of" (see geographicFigures). */
async function geographicPart<P extends keyof GeographicFigures>(context: AnswerContext, query: GeographicQuery, part: P): Promise<GeographicFigures[P] & { asOf: string }> {
  const answer = await cachedAnswer(
    context,
    'geographic',
    query.period,
    [query.country],
    (timeZone) => geographicFigures(context.sql, query, context.at, timeZone),
    ({ value, computedAt }) => {
      const asOf = computedAt.toISOString();
      return {
        analytics: { ...value.analytics, asOf },
        heatmap: { ...value.heatmap, asOf },
        performance: { ...value.performance, asOf },
      };
    },
  );
  return answer[part];
}

export function geographicAnswer(context: AnswerContext, query: GeographicQuery): Promise<GeographicAnalytics> {
  return geographicPart(context, query, 'analytics');
}

export function heatmapAnswer(context: AnswerContext, query: GeographicQuery): Promise<GeographicHeatmap> {
  return geographicPart(context, query, 'heatmap');
}

export function performanceAnswer(context: AnswerContext, query: GeographicQuery): Promise<PerformanceMetrics> {
  return geographicPart(context, query, 'performance');
}

export async function contactAnswer(context: AnswerContext, query: ContactAnalyticsQuery): Promise<ContactAnalytics> {
  return cachedAnswer(context, 'contacts', query.period, [query.region], (timeZone) => contactAnalytics(context.sql, query, context.at, timeZone), withAsOf);
}

/** The windows whose answers take long to compute: a job renews their unfiltered answers ahead of time. */
const LONG_PERIODS: AnalyticsPeriod[] = ['30d', '1y'];

/** Renews the long windows' unfiltered answers older than `maxAgeMs`, one at a time (the job keeps the database's load low). */
export async function refreshLongWindowAnswers(sql: Sql, cache: FigureCache, at: Date, maxAgeMs: number): Promise<void> {
  const context = { sql, cache, at, maxAgeMs };
  for (const period of LONG_PERIODS) {
    await overviewAnswer(context, period);
    await geographicAnswer(context, { period, country: undefined });
    await contactAnswer(context, { period, region: undefined });
  }
}
