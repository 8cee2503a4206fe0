import { stringify } from 'csv-stringify';
import { ANALYTICS_CSV_HEADERS, type AnalyticsOverview, type ContactAnalytics } from '../contract/analytics.js';
import { neutraliseFormula } from '../csv-formula.js';
import { bucketStamp } from '../contract/figure-windows.js';
import { isLanguageCode, languageName } from '../contract/languages.js';
import { countryName } from '../contract/countries.js';

type CsvValue = string | number | null;
type CsvRow = [section: string, item: string, metric: string, value: CsvValue];

/**
 * A figure rounded as the screens show it (rates to 1 decimal, milliseconds whole), so the file
 * holds the numbers people saw rather than 202.87151106833494; null stays empty.
 */
function rounded(value: number | null, decimals: number): string | null {
  return value === null ? null : value.toFixed(decimals);
}
const rate = (value: number | null) => rounded(value, 1);
const ms = (value: number | null) => rounded(value, 0);

const placeName = (place: { country: string | null; region: string | null; city?: string | null }) =>
  [place.city, place.region, place.country].filter(Boolean).join(', ') || 'Unknown';

/** The Analytics Dashboard's figures, section by section as on screen. */
export function overviewCsvRows(overview: AnalyticsOverview): CsvRow[] {
  const { kpis } = overview;
  return [
    ['Summary', 'Total Requests', 'value', kpis.totalRequests.value],
    ['Summary', 'Total Requests', 'previous', kpis.totalRequests.previous],
    ['Summary', 'Unique Users', 'value', kpis.uniqueUsers.value],
    ['Summary', 'Unique Users', 'previous', kpis.uniqueUsers.previous],
    ['Summary', 'Avg Response Time (ms)', 'value', ms(kpis.avgResponseTimeMs.value)],
    ['Summary', 'Avg Response Time (ms)', 'previous', ms(kpis.avgResponseTimeMs.previous)],
    ['Summary', 'Success Rate (%)', 'value', rate(kpis.successRate.value)],
    ['Summary', 'Success Rate (%)', 'previous', rate(kpis.successRate.previous)],
    ['Summary', 'Error Rate (%)', 'value', rate(overview.errorRate)],
    ['Summary', 'Peak Hour', 'hour', overview.peakHour?.slot ?? null],
    ['Summary', 'Peak Hour', 'requests', overview.peakHour?.requests ?? null],
    ...overview.series.flatMap((point): CsvRow[] => {
      const section = overview.bucket === 'hour' ? 'Per Hour' : 'Daily';
      const item = bucketStamp(new Date(point.at), overview.bucket, overview.timeZone);
      return [
        [section, item, 'requests', point.requests],
        [section, item, overview.usersByUtcDay ? 'unique users (UTC day)' : 'unique users', point.uniqueUsers],
        [section, item, 'success rate (%)', rate(point.successRate)],
        [section, item, 'avg response time (ms)', ms(point.avgResponseTimeMs)],
      ];
    }),
    ...overview.hourly.map((hour): CsvRow => [`Hourly (${overview.timeZone})`, `${hour.hour}:00`, 'requests', hour.requests]),
    ...overview.topLocations.map((place): CsvRow => ['Top Locations', placeName(place), 'requests', place.requests]),
    ...overview.topUsers.map((user): CsvRow => ['Top Users', user.label, 'requests', user.requests]),
    ...overview.regions.map((place): CsvRow => ['Regions', placeName(place), 'requests', place.requests]),
    ...overview.languages.map(({ language, requests }): CsvRow => ['Languages', isLanguageCode(language) ? languageName(language) : language, 'requests', requests]),
  ];
}

/** The Contact Analytics figures, section by section as on screen. */
export function contactAnalyticsCsvRows(analytics: ContactAnalytics): CsvRow[] {
  return [
    ['Summary', 'Total Contacts', 'count', analytics.totalContacts],
    ['Summary', 'Active Contacts', 'count', analytics.activeContacts],
    ['Summary', 'Verified', 'count', analytics.verifiedContacts],
    ['Summary', 'Emergency (24/7)', 'count', analytics.emergencyContacts],
    ['Summary', 'Avg Response (min)', 'minutes', rounded(analytics.avgResponseTime, 0)],
    ...analytics.contactsByRegion.flatMap((entry): CsvRow[] => [
      ['Regions', entry.region, 'contacts', entry.count],
      ['Regions', entry.region, 'success rate (%)', rate(entry.successRate)],
    ]),
    ...analytics.contactsBySpecialty.flatMap((entry): CsvRow[] => [
      ['Specialties', entry.specialty, 'contacts', entry.count],
      ['Specialties', entry.specialty, 'avg rating', rounded(entry.avgRating, 1)],
    ]),
    ...analytics.topPerformingContacts.map((contact): CsvRow => ['Top Performing Contacts', `${contact.name} (${contact.city})`, 'requests', contact.requests]),
    ...analytics.responseTimeMetrics.flatMap((entry): CsvRow[] => [
      ['Response Times', entry.timeRange, 'average (ms)', ms(entry.avgTime)],
      ['Response Times', entry.timeRange, entry.estimated ? 'median (ms, estimated)' : 'median (ms)', ms(entry.medianTime)],
      ['Response Times', entry.timeRange, entry.estimated ? '95th percentile (ms, estimated)' : '95th percentile (ms)', ms(entry.p95Time)],
    ]),
    ...analytics.usagePatterns.map((hour): CsvRow => ['Usage Patterns', `${hour.hour}:00`, 'requests', hour.requests]),
    ...analytics.dailyRequests.map((day): CsvRow => ['Trends', day.day, 'contacts shown', day.requests]),
    ...analytics.reportsByContact.map((contact): CsvRow => ['Reported Contacts', `${contact.name} (${contact.city})`, 'reports', contact.reports]),
    ...analytics.reportsByRegion.map((entry): CsvRow => ['Reports by Region', entry.region || (entry.country && countryName(entry.country)), 'reports', entry.reports]),
  ];
}

/** CSV text with the analytics header; names come from users and contacts, so they are neutralised. */
export function analyticsCsv(rows: CsvRow[]) {
  const stringifier = stringify({ header: true, columns: [...ANALYTICS_CSV_HEADERS] });
  for (const [section, item, metric, value] of rows) stringifier.write([section, neutraliseFormula(item), metric, value]);
  stringifier.end();
  return stringifier;
}
