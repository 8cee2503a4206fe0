import { stringify } from 'csv-stringify/sync';
import {
  DASHBOARD_CSV_HEADERS,
  TOP_LOCATIONS_COUNT,
  type DashboardPeriod,
  type DashboardStats,
  type RequestPoint,
  type TrendingFigure,
} from './contract/dashboard.js';
import { bucketStamp, figureWindow, type FigureWindow } from './contract/figure-windows.js';
import type { Sql } from '../sql/database.js';
import { directoryCounts, topContactLocations } from '../sql/dashboard-stats.js';
import { successRate } from '../sql/log-analytics.js';
import { compareWindows, type WindowCounts } from '../sql/window-figures.js';
import { verificationAnswer } from './analytics/verification.js';

/** The log figures of one window, before they are compared with the window before. */
interface WindowSummary {
  requests: number;
  successRate: number | null;
  activeUsers: number;
  avgResponseSeconds: number | null;
}

const secondsOf = ({ durationSum, durationCount }: WindowCounts) => (durationCount === 0 ? null : durationSum / durationCount / 1000);

/** A figure with its change in percent; none when the earlier window has no value or a zero one. */
function trending(value: number | null, previous: number | null): TrendingFigure {
  const comparable = value !== null && previous !== null && previous !== 0;
  return { value, previous, trendPercent: comparable ? ((value - previous) / previous) * 100 : null };
}

function summary(totals: WindowCounts, activeUsers: number): WindowSummary {
  return { requests: totals.requests, successRate: successRate(totals), activeUsers, avgResponseSeconds: secondsOf(totals) };
}

/** The window's figures with its chart points, and the same figures over the window before. */
async function logFigures(sql: Sql, window: FigureWindow) {
  const { current, previous, users, previousUsers } = await compareWindows(sql, window);
  return {
    current: summary(current.totals, users),
    previous: summary(previous, previousUsers),
    requestVolume: current.buckets.map(
      (bucket): RequestPoint => ({
        at: bucket.at.toISOString(),
        requests: bucket.requests,
        successRate: successRate(bucket),
        avgResponseSeconds: secondsOf(bucket),
      }),
    ),
  };
}

/**
 * Every figure of the Dashboard for the period (api/contract/figure-windows.ts says what each
 * window is), computed in SQL from the roll-ups, the recent log rows and the directory tables.
 */
export async function readDashboardStats(sql: Sql, period: DashboardPeriod, now: Date, timeZone: string): Promise<Omit<DashboardStats, 'asOf'>> {
  const window = figureWindow(period, now, timeZone);
  const [logs, counts, topLocations, verification] = await Promise.all([
    logFigures(sql, window),
    directoryCounts(sql, window),
    topContactLocations(sql, TOP_LOCATIONS_COUNT),
    verificationAnswer(sql, now, { timeZone }),
  ]);
  const { current, previous } = logs;
  // Without a single request in the window before there is nothing to compare with.
  const earlier = (value: number | null) => (previous.requests === 0 ? null : value);
  return {
    period,
    from: window.start.toISOString(),
    to: window.end.toISOString(),
    timeZone,
    totalRequests: trending(current.requests, earlier(previous.requests)),
    successRate: trending(current.successRate, earlier(previous.successRate)),
    activeUsers: trending(current.activeUsers, earlier(previous.activeUsers)),
    avgResponseSeconds: trending(current.avgResponseSeconds, earlier(previous.avgResponseSeconds)),
    contacts: { active: counts.activeContacts, total: counts.totalContacts },
    botUsers: { total: counts.botUsers, newInWindow: counts.newBotUsers },
    broadcasts: { sentInWindow: counts.broadcastsSent, deliveredInWindow: counts.broadcastDeliveries },
    requestVolume: logs.requestVolume,
    topLocations,
    verification,
  };
}

/** The chart's points as spec §9's CSV, dated in the window's time zone, rounded as the screen shows them: success rate in percent (1 decimal), response time in seconds (2 decimals). */
export function dashboardCsv(stats: DashboardStats): string {
  return stringify(
    stats.requestVolume.map((point) => [
      bucketStamp(new Date(point.at), stats.period === '24h' ? 'hour' : 'day', stats.timeZone),
      point.requests,
      point.successRate === null ? '' : point.successRate.toFixed(1),
      point.avgResponseSeconds === null ? '' : point.avgResponseSeconds.toFixed(2),
    ]),
    { header: true, columns: [...DASHBOARD_CSV_HEADERS] },
  );
}
