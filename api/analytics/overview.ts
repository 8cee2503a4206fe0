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
  type DayRange,
} from '../../sql/log-analytics.js';
import type { FigureCache } from './figure-cache.js';
import { isLongWindow, periodWindows } from './windows.js';

const percentOf = (part: number, whole: number) => (whole === 0 ? null : (part / whole) * 100);

function kpi(value: number | null, previous: number | null): Kpi {
  return { value, previous, trend: trendPercent(value, previous) };
}

/**
 * A user-based figure: live over short windows, from the cache over long ones (see figure-cache.ts).
 * Returns it with the time it was computed.
 */
async function userFigure<T>(cache: FigureCache, name: string, range: DayRange, now: Date, compute: () => Promise<T>) {
  if (!isLongWindow(range)) return { value: await compute(), computedAt: now };
  return cache(`${name}:${range.from}:${range.to}`, compute);
}

/** Everything the Analytics Dashboard shows for a period (spec §2.12, §9). */
export async function analyticsOverview(sql: Sql, cache: FigureCache, period: AnalyticsPeriod, now: Date): Promise<AnalyticsOverview> {
  const { range, previousRange } = periodWindows(period, now);
  const [totals, previousTotals, users, previousUsers, daily, hours, locations, top, regions] = await Promise.all([
    requestTotals(sql, range),
    requestTotals(sql, previousRange),
    userFigure(cache, 'unique-users', range, now, () => uniqueUserCount(sql, range)),
    userFigure(cache, 'unique-users', previousRange, now, () => uniqueUserCount(sql, previousRange)),
    dailySeries(sql, range),
    hourOfDayFigures(sql, range),
    topLocations(sql, range, TOP_LOCATIONS),
    userFigure(cache, 'top-users', range, now, () => topUsers(sql, range, TOP_USERS)),
    placeTotals(sql, range, { level: 'region', limit: 1000 }),
  ]);
  // No earlier logs: no number of users to compare with either.
  const previousUserCount = previousTotals.requests === 0 ? null : previousUsers.value;
  const busiest = hours.reduce((best, hour) => (hour.requests > best.requests ? hour : best), hours[0]!);
  const oldest = [users, previousUsers, top].reduce((first, figure) => (figure.computedAt < first.computedAt ? figure : first));
  return {
    period,
    range,
    previousRange,
    asOf: oldest.computedAt.toISOString(),
    kpis: {
      totalRequests: kpi(totals.requests, previousTotals.requests === 0 ? null : previousTotals.requests),
      uniqueUsers: kpi(users.value, previousUserCount),
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
    hourly: hours.map((hour) => ({
      hour: String(hour.hour).padStart(2, '0'),
      requests: hour.requests,
      successRate: percentOf(hour.requests - hour.errorCount, hour.requests),
    })),
    topLocations: locations,
    topUsers: top.value.map((user) => ({
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
