import { ANALYTICS_PERIODS, type AnalyticsPeriod, type ContactAnalytics } from '../contract/analytics.js';
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
import { hourOfDayFigures, placeTotals, regionMeanDuration, requestTotals, responseTimePercentiles, type FigureRange } from '../../sql/log-analytics.js';
import { exactResponsePercentiles } from '../../sql/window-figures.js';
import { getSystemSettings } from '../../sql/settings.js';
import { reportsPerContact, reportsPerRegion } from '../../sql/contact-reports.js';
import { resolveCountry } from '../contract/country-lookup.js';
import { verificationAnswer } from './verification.js';

const DAY_MS = 24 * 60 * 60 * 1000;
import { hourlyFigures } from './hours.js';
import { coveringDays, periodWindow } from './windows.js';

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

/** The mean response time of the window's requests, of one region's or of all. */
async function meanDuration(sql: Sql, range: FigureRange, region: string | undefined): Promise<number | null> {
  return region === undefined ? (await requestTotals(sql, range)).meanDurationMs : regionMeanDuration(sql, range, region);
}

/**
 * The longest window whose median and p95 are sorted exactly from its log rows: a month is about a
 * tenth of a second at the benchmark's three million logs a year, a year more than a second.
 */
const EXACT_PERCENTILE_DAYS = 31;

/**
 * The bot's response times over each analytics window, to one region's requests or to all. The
 * median and p95 are exact (percentile_cont over the log rows) for windows up to a month that
 * retention still holds, and estimated from the roll-ups' duration histograms (marked so, shown with
 * "≈") for longer windows or ones reaching further back.
 */
async function responseTimeMetrics(sql: Sql, now: Date, timeZone: string, region: string | undefined): Promise<ContactAnalytics['responseTimeMetrics']> {
  const { logRetentionDays } = await getSystemSettings(sql);
  const keptSince = now.getTime() - logRetentionDays * DAY_MS;
  return Promise.all(
    ANALYTICS_PERIODS.map(async (period) => {
      const window = periodWindow(period, now, timeZone);
      const exact = window.start.getTime() >= Math.max(keptSince, now.getTime() - EXACT_PERCENTILE_DAYS * DAY_MS);
      const [avgTime, percentiles] = await Promise.all([
        meanDuration(sql, window, region),
        exact ? exactResponsePercentiles(sql, window, region) : responseTimePercentiles(sql, window, { region }),
      ]);
      return {
        timeRange: RANGE_LABELS[period],
        avgTime,
        medianTime: percentiles.medianMs,
        p95Time: percentiles.p95Ms,
        estimated: !exact,
      };
    }),
  );
}

/** Spec §2.14, §3 Contact analytics response. */
export async function contactAnalytics(
  sql: Sql,
  { period, region }: { period: AnalyticsPeriod; region?: string },
  now: Date,
  timeZone: string,
): Promise<Omit<ContactAnalytics, 'asOf'>> {
  const window = periodWindow(period, now, timeZone);
  const range = coveringDays(window);
  const reportScope = { start: window.start, end: window.end, region };
  const [counts, texts, regions, byRegion, requestRegions, distribution, specialties, top, timeMetrics, hours, daily, reportedContacts, reportedRegions, verification] = await Promise.all([
    contactCounts(sql, now, region),
    responseTimeTexts(sql, region),
    contactRegions(sql),
    contactsByRegion(sql, region),
    placeTotals(sql, window, { level: 'region', limit: 100_000 }),
    contactDistribution(sql, region),
    contactsBySpecialty(sql, region),
    topShownContacts(sql, range, { region, limit: TOP_CONTACTS }),
    responseTimeMetrics(sql, now, timeZone, region),
    hourOfDayFigures(sql, window, timeZone, { region }),
    dailyContactRequests(sql, range, region),
    reportsPerContact(sql, reportScope, TOP_CONTACTS),
    reportsPerRegion(sql, reportScope),
    verificationAnswer(sql, now, { timeZone, region }),
  ]);
  // A region's success rate: the share of the window's requests from there that did not fail. Requests
  // name their country as the gazetteer does, contacts by its code.
  const requestsByRegion = new Map(requestRegions.map((place) => [`${resolveCountry(place.country ?? '') ?? ''}/${place.region}`, place]));
  return {
    period,
    from: window.start.toISOString(),
    to: window.end.toISOString(),
    timeZone,
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
    reportsByContact: reportedContacts,
    reportsByRegion: reportedRegions,
    verification,
  };
}
