import { ANALYTICS_PERIODS, PERIOD_DAYS, type AnalyticsPeriod, type ContactAnalytics } from '../contract/analytics.js';
import type { Sql } from '../../sql/database.js';
import {
  contactCounts,
  contactDistribution,
  contactRegions,
  contactsByRegion,
  contactsBySpecialty,
  dailyContactRequests,
  responseTimeMinutes,
  responseTimeTexts,
  topShownContacts,
} from '../../sql/contact-analytics.js';
import { hourOfDayFigures, lastDays, placeTotals, requestTotals, responseTimePercentiles } from '../../sql/log-analytics.js';
import { hourlyFigures } from './hours.js';
import { periodWindows } from './windows.js';

const TOP_CONTACTS = 10;

/** The mean of the response times that name minutes or hours, weighted by how many contacts state each. */
function meanResponseMinutes(texts: { text: string; contacts: number }[]): number | null {
  const parsed = texts.flatMap(({ text, contacts }) => {
    const minutes = responseTimeMinutes(text);
    return minutes === null ? [] : [{ minutes, contacts }];
  });
  const contacts = parsed.reduce((sum, entry) => sum + entry.contacts, 0);
  return contacts === 0 ? null : parsed.reduce((sum, entry) => sum + entry.minutes * entry.contacts, 0) / contacts;
}

const RANGE_LABELS: Record<AnalyticsPeriod, string> = { '24h': 'Last 24h', '7d': 'Last 7 days', '30d': 'Last 30 days', '1y': 'Last year' };

/** The bot's response times over each analytics window (the duration histograms of the roll-ups). */
async function responseTimeMetrics(sql: Sql, now: Date): Promise<ContactAnalytics['responseTimeMetrics']> {
  return Promise.all(
    ANALYTICS_PERIODS.map(async (period) => {
      const range = lastDays(PERIOD_DAYS[period], now);
      const [totals, percentiles] = await Promise.all([requestTotals(sql, range), responseTimePercentiles(sql, range)]);
      return { timeRange: RANGE_LABELS[period], avgTime: totals.meanDurationMs, medianTime: percentiles.medianMs, p95Time: percentiles.p95Ms };
    }),
  );
}

/** Spec §2.14, §3 Contact analytics response. */
export async function contactAnalytics(
  sql: Sql,
  { period, region }: { period: AnalyticsPeriod; region?: string },
  now: Date,
): Promise<Omit<ContactAnalytics, 'asOf'>> {
  const { range } = periodWindows(period, now);
  const [counts, texts, regions, byRegion, requestRegions, distribution, specialties, top, timeMetrics, hours, daily] = await Promise.all([
    contactCounts(sql, region),
    responseTimeTexts(sql, region),
    contactRegions(sql),
    contactsByRegion(sql, region),
    placeTotals(sql, range, { level: 'region', limit: 100_000 }),
    contactDistribution(sql, region),
    contactsBySpecialty(sql, region),
    topShownContacts(sql, range, { region, limit: TOP_CONTACTS }),
    responseTimeMetrics(sql, now),
    hourOfDayFigures(sql, range),
    dailyContactRequests(sql, range, region),
  ]);
  // A region's success rate: the share of the window's requests from there that did not fail.
  const requestsByRegion = new Map(requestRegions.map((place) => [`${place.country}/${place.region}`, place]));
  return {
    period,
    ...counts,
    avgResponseTime: meanResponseMinutes(texts),
    regions,
    contactsByRegion: byRegion.map((entry) => ({
      region: entry.region,
      count: entry.count,
      successRate: requestsByRegion.get(`${entry.country}/${entry.region}`)?.successRate ?? null,
    })),
    geographicDistribution: distribution,
    contactsBySpecialty: specialties,
    topPerformingContacts: top,
    responseTimeMetrics: timeMetrics,
    usagePatterns: hourlyFigures(hours),
    dailyRequests: daily,
  };
}
