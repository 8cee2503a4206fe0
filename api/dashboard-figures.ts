import { stringify } from 'csv-stringify/sync';
import {
  DASHBOARD_CSV_HEADERS,
  TOP_LOCATIONS_COUNT,
  type DashboardPeriod,
  type DashboardStats,
  type RequestPoint,
  type TrendingFigure,
} from './contract/dashboard.js';
import type { Sql } from '../sql/database.js';
import { dailySeries, lastDays, requestTotals, type DayRange } from '../sql/log-analytics.js';
import {
  directoryCounts,
  hourlyRequests,
  topContactLocations,
  type InstantRange,
  type RequestCounts,
  windowUniqueUserCount,
} from '../sql/dashboard-stats.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const DAYS_OF_PERIOD: Record<Exclude<DashboardPeriod, '24h'>, number> = { '7d': 7, '30d': 30 };

/** The log figures of one window, before they are compared with the window before. */
interface WindowFigures {
  requests: number;
  successRate: number | null;
  activeUsers: number | null;
  avgResponseSeconds: number | null;
}

const percentOf = (part: number, whole: number) => (whole === 0 ? null : (part / whole) * 100);
const secondsOf = ({ durationSum, durationCount }: RequestCounts) => (durationCount === 0 ? null : durationSum / durationCount / 1000);

function sumCounts(hours: RequestCounts[]): RequestCounts {
  return hours.reduce(
    (sum, hour) => ({
      requests: sum.requests + hour.requests,
      infoCount: sum.infoCount + hour.infoCount,
      durationCount: sum.durationCount + hour.durationCount,
      durationSum: sum.durationSum + hour.durationSum,
    }),
    { requests: 0, infoCount: 0, durationCount: 0, durationSum: 0 },
  );
}

function hourFigures(hours: RequestCounts[], activeUsers: number | null): WindowFigures {
  const totals = sumCounts(hours);
  return { requests: totals.requests, successRate: percentOf(totals.infoCount, totals.requests), activeUsers, avgResponseSeconds: secondsOf(totals) };
}

async function dayFigures(sql: Sql, range: DayRange): Promise<WindowFigures> {
  // Not log-analytics' uniqueUserCount: for a window of past days without a whole month it also
  // counts the users of that month's later days (its partial-month condition has no upper bound).
  const [totals, activeUsers] = await Promise.all([requestTotals(sql, range), windowUniqueUserCount(sql, instantsOf(range))]);
  const avgResponseSeconds = totals.meanDurationMs === null ? null : totals.meanDurationMs / 1000;
  return { requests: totals.requests, successRate: totals.infoRate, activeUsers, avgResponseSeconds };
}

function instantsOf(range: DayRange): InstantRange {
  return { start: new Date(`${range.from}T00:00:00Z`), end: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS) };
}

/** A figure with its change in percent; none when the earlier window has no value or a zero one. */
function trending(value: number | null, previous: number | null): TrendingFigure {
  const comparable = value !== null && previous !== null && previous !== 0;
  return { value, previous, trendPercent: comparable ? ((value - previous) / previous) * 100 : null };
}

interface LogFigures {
  window: InstantRange;
  current: WindowFigures;
  previous: WindowFigures;
  requestVolume: RequestPoint[];
}

/**
 * The last 24 hours: the current hour and the 23 before it, hour by hour (the old product drew a
 * single point for Today, which shows no line at all). Against the 24 hours before, every figure
 * but Active Now compares: the daily user roll-up cannot tell who asked before a time of day.
 */
async function lastDayFigures(sql: Sql, now: Date): Promise<LogFigures> {
  const end = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  const window = { start: new Date(end.getTime() - DAY_MS), end };
  const before = { start: new Date(window.start.getTime() - DAY_MS), end: window.start };
  const [hours, previousHours, activeUsers] = await Promise.all([
    hourlyRequests(sql, window),
    hourlyRequests(sql, before),
    windowUniqueUserCount(sql, window),
  ]);
  return {
    window,
    current: hourFigures(hours, activeUsers),
    previous: hourFigures(previousHours, null),
    requestVolume: hours.map((hour) => ({
      at: hour.hour.toISOString(),
      requests: hour.requests,
      successRate: percentOf(hour.infoCount, hour.requests),
      avgResponseSeconds: secondsOf(hour),
    })),
  };
}

/** The last `days` UTC days, today included, day by day, against the same number of days before. */
async function lastDaysFigures(sql: Sql, days: number, now: Date): Promise<LogFigures> {
  const range = lastDays(days, now);
  const before = lastDays(days, new Date(Date.parse(`${range.from}T00:00:00Z`) - DAY_MS));
  const [series, current, previous] = await Promise.all([dailySeries(sql, range), dayFigures(sql, range), dayFigures(sql, before)]);
  return {
    window: instantsOf(range),
    current,
    previous,
    requestVolume: series.map((day) => ({
      at: `${day.day}T00:00:00.000Z`,
      requests: day.requests,
      successRate: day.infoRate,
      avgResponseSeconds: day.meanDurationMs === null ? null : day.meanDurationMs / 1000,
    })),
  };
}

/** Every figure of the Dashboard for the period, computed in SQL from the roll-ups and the directory tables. */
export async function readDashboardStats(sql: Sql, period: DashboardPeriod, now: Date): Promise<DashboardStats> {
  const logs = period === '24h' ? await lastDayFigures(sql, now) : await lastDaysFigures(sql, DAYS_OF_PERIOD[period], now);
  const [counts, topLocations] = await Promise.all([directoryCounts(sql, logs.window), topContactLocations(sql, TOP_LOCATIONS_COUNT)]);
  const { current, previous } = logs;
  // Without a single request in the window before there is nothing to compare with.
  const earlier = (value: number | null) => (previous.requests === 0 ? null : value);
  return {
    period,
    from: logs.window.start.toISOString(),
    to: logs.window.end.toISOString(),
    totalRequests: trending(current.requests, earlier(previous.requests)),
    successRate: trending(current.successRate, earlier(previous.successRate)),
    activeUsers: trending(current.activeUsers, earlier(previous.activeUsers)),
    avgResponseSeconds: trending(current.avgResponseSeconds, earlier(previous.avgResponseSeconds)),
    contacts: { active: counts.activeContacts, total: counts.totalContacts },
    botUsers: { total: counts.botUsers, newInWindow: counts.newBotUsers },
    broadcasts: { sentInWindow: counts.broadcastsSent, deliveredInWindow: counts.broadcastDeliveries },
    requestVolume: logs.requestVolume,
    topLocations,
  };
}

/** "2026-11-21 09:00" for an hour of the last 24 hours, "2026-11-21" for a day. */
function pointLabel(at: string, period: DashboardPeriod): string {
  return period === '24h' ? `${at.slice(0, 10)} ${at.slice(11, 16)}` : at.slice(0, 10);
}

/** The chart's points as spec §9's CSV: success rate in percent (1 decimal), response time in seconds (3 decimals). */
export function dashboardCsv(stats: DashboardStats): string {
  return stringify(
    stats.requestVolume.map((point) => [
      pointLabel(point.at, stats.period),
      point.requests,
      point.successRate === null ? '' : point.successRate.toFixed(1),
      point.avgResponseSeconds === null ? '' : point.avgResponseSeconds.toFixed(3),
    ]),
    { header: true, columns: [...DASHBOARD_CSV_HEADERS] },
  );
}
