import {
  hourSlot,
  TOP_LOCATIONS,
  TOP_USERS,
  trendPercent,
  userLabel,
  type AnalyticsOverview,
  type AnalyticsPeriod,
  type Kpi,
} from '../contract/analytics.js';
import type { Sql } from '../../sql/database.js';
import {
  dailySeries,
  hourOfDayFigures,
  placeTotals,
  requestTotals,
  topLocations,
  topUsers,
  uniqueUserCount,
} from '../../sql/log-analytics.js';
import { hourlyFigures } from './hours.js';
import { periodWindows } from './windows.js';


function kpi(value: number | null, previous: number | null): Kpi {
  return { value, previous, trend: trendPercent(value, previous) };
}

/** Everything the Analytics Dashboard shows for a period (spec §2.12, §9). */
export async function analyticsOverview(sql: Sql, period: AnalyticsPeriod, now: Date): Promise<Omit<AnalyticsOverview, 'asOf'>> {
  const { range, previousRange } = periodWindows(period, now);
  const [totals, previousTotals, users, previousUsers, daily, hours, locations, top, regions] = await Promise.all([
    requestTotals(sql, range),
    requestTotals(sql, previousRange),
    uniqueUserCount(sql, range),
    uniqueUserCount(sql, previousRange),
    dailySeries(sql, range),
    hourOfDayFigures(sql, range),
    topLocations(sql, range, TOP_LOCATIONS),
    topUsers(sql, range, TOP_USERS),
    placeTotals(sql, range, { level: 'region', limit: 1000 }),
  ]);
  // No earlier logs: no number of users to compare with either.
  const previousUserCount = previousTotals.requests === 0 ? null : previousUsers;
  const busiest = hours.reduce((best, hour) => (hour.requests > best.requests ? hour : best), hours[0]!);
  return {
    period,
    range,
    previousRange,
    kpis: {
      totalRequests: kpi(totals.requests, previousTotals.requests === 0 ? null : previousTotals.requests),
      uniqueUsers: kpi(users, previousUserCount),
      avgResponseTimeMs: kpi(totals.meanDurationMs, previousTotals.meanDurationMs),
      successRate: kpi(totals.successRate, previousTotals.successRate),
    },
    daily: daily.map((day) => ({
      day: day.day,
      requests: day.requests,
      uniqueUsers: day.uniqueUsers,
      successRate: day.successRate,
      avgResponseTimeMs: day.meanDurationMs,
    })),
    hourly: hourlyFigures(hours),
    topLocations: locations,
    topUsers: top.map((user) => ({
      userId: user.userId,
      label: userLabel(user.userId),
      requests: user.requests,
      lastActiveAt: user.lastActiveAt.toISOString(),
    })),
    peakHour: busiest.requests === 0 ? null : { hour: busiest.hour, slot: hourSlot(busiest.hour), requests: busiest.requests },
    successRate: totals.successRate,
    errorRate: totals.successRate === null ? null : 100 - totals.successRate,
    regions: regions.map((place) => ({ country: place.country, region: place.region, requests: place.requests, successRate: place.successRate })),
  };
}
