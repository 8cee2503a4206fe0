import {
  hourSlot,
  TOP_LOCATIONS,
  TOP_REGIONS,
  TOP_USERS,
  trendPercent,
  userLabel,
  type AnalyticsOverview,
  type AnalyticsPeriod,
  type Kpi,
} from '../contract/analytics.js';
import type { Sql } from '../../sql/database.js';
import { placeTotals, successRate, topLocations, topUsers } from '../../sql/log-analytics.js';
import { compareWindows, languageTotals, type WindowCounts } from '../../sql/window-figures.js';
import { hourlyFigures } from './hours.js';
import { periodWindow } from './windows.js';

function kpi(value: number | null, previous: number | null): Kpi {
  return { value, previous, trend: trendPercent(value, previous) };
}

const meanMs = (counts: WindowCounts) => (counts.durationCount === 0 ? null : counts.durationSum / counts.durationCount);

/** Everything the Analytics Dashboard shows for a period (spec §2.12, §9), over the window api/contract/figure-windows.ts defines. */
export async function analyticsOverview(sql: Sql, period: AnalyticsPeriod, now: Date, timeZone: string): Promise<Omit<AnalyticsOverview, 'asOf'>> {
  const window = periodWindow(period, now, timeZone);
  const [compared, locations, top, regions, languages] = await Promise.all([
    compareWindows(sql, window),
    topLocations(sql, window, TOP_LOCATIONS),
    topUsers(sql, window, TOP_USERS),
    placeTotals(sql, window, { level: 'region', limit: TOP_REGIONS }),
    languageTotals(sql, window),
  ]);
  const { current, previous } = compared;
  const totals = current.totals;
  // No earlier logs: no number of users to compare with either.
  const hadEarlier = previous.requests > 0;
  const hours = current.hourOfDay;
  const busiest = hours.reduce((best, hour) => (hour.requests > best.requests ? hour : best), hours[0]!);
  const rate = successRate(totals);
  return {
    period,
    from: window.start.toISOString(),
    to: window.end.toISOString(),
    previousFrom: window.previousStart.toISOString(),
    timeZone,
    bucket: window.bucket,
    usersByUtcDay: current.usersByUtcDay,
    kpis: {
      totalRequests: kpi(totals.requests, hadEarlier ? previous.requests : null),
      uniqueUsers: kpi(compared.users, hadEarlier ? compared.previousUsers : null),
      avgResponseTimeMs: kpi(meanMs(totals), meanMs(previous)),
      successRate: kpi(rate, successRate(previous)),
    },
    series: current.buckets.map((bucket) => ({
      at: bucket.at.toISOString(),
      requests: bucket.requests,
      uniqueUsers: bucket.uniqueUsers,
      successRate: successRate(bucket),
      avgResponseTimeMs: meanMs(bucket),
    })),
    hourly: hourlyFigures(hours),
    topLocations: locations,
    topUsers: top.map((user) => ({
      userId: user.userId,
      label: userLabel(user),
      requests: user.requests,
      lastActiveAt: user.lastActiveAt.toISOString(),
    })),
    peakHour: busiest.requests === 0 ? null : { hour: busiest.hour, slot: hourSlot(busiest.hour), requests: busiest.requests },
    successRate: rate,
    errorRate: rate === null ? null : 100 - rate,
    regions: regions.map((place) => ({ country: place.country, region: place.region, requests: place.requests, successRate: place.successRate })),
    languages,
  };
}
