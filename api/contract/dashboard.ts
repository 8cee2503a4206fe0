import { z } from 'zod';
import { VerificationFiguresSchema } from './verification-figures.js';

/** The Dashboard's windows (spec §9), as api/contract/figure-windows.ts defines them for every screen. */
export const DASHBOARD_PERIODS = ['24h', '7d', '30d'] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = '7d';

/** Top Locations shows this many places (spec §9). */
export const TOP_LOCATIONS_COUNT = 5;

export const DashboardQuerySchema = z.object({
  period: z.enum(DASHBOARD_PERIODS).default(DEFAULT_DASHBOARD_PERIOD),
});
export type DashboardQuery = z.infer<typeof DashboardQuerySchema>;

/**
 * A summary card's figure and its change against the window of the same length before, in percent;
 * trendPercent is null when that earlier window has nothing to compare with.
 */
const TrendingFigureSchema = z.object({
  value: z.number().nullable(),
  previous: z.number().nullable(),
  trendPercent: z.number().nullable(),
});
export type TrendingFigure = z.infer<typeof TrendingFigureSchema>;

/** One chart point: an hour of the last 24 hours, or a day in the configured time zone (7d, 30d). */
export const RequestPointSchema = z.object({
  /** The hour's or day's start, ISO 8601. */
  at: z.string(),
  requests: z.number(),
  /** The bucket's success rate (sql/window-figures.ts); null without logs. */
  successRate: z.number().nullable(),
  /** Mean durationMs / 1000; null when no log has a duration. */
  avgResponseSeconds: z.number().nullable(),
});
export type RequestPoint = z.infer<typeof RequestPointSchema>;

/** GET /api/bot-stats (spec §2.4, §9): every figure of the Dashboard for one window. */
export const DashboardStatsSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  /** The window, ISO 8601, start included and end excluded. */
  from: z.string(),
  to: z.string(),
  /** The configured time zone the window's days run in (system settings). */
  timeZone: z.string(),
  /** When the figures were computed: they are kept 30 seconds, unless asked for with Cache-Control: no-cache. */
  asOf: z.string(),
  totalRequests: TrendingFigureSchema,
  /** successRate of sql/window-figures.ts: the percentage of requests without an ERROR log, as on Analytics. */
  successRate: TrendingFigureSchema,
  /** Distinct user ids in the window ("Active Now"): distinctUsers of sql/window-figures.ts, the count Analytics calls Unique Users. */
  activeUsers: TrendingFigureSchema,
  /** Mean durationMs / 1000, in seconds. */
  avgResponseSeconds: TrendingFigureSchema,
  contacts: z.object({ active: z.number(), total: z.number() }),
  botUsers: z.object({ total: z.number(), newInWindow: z.number() }),
  broadcasts: z.object({ sentInWindow: z.number(), deliveredInWindow: z.number() }),
  requestVolume: z.array(RequestPointSchema),
  topLocations: z.array(z.object({ city: z.string(), country: z.string(), contacts: z.number() })),
  /** How true the directory stays, at the moment (not the window's). */
  verification: VerificationFiguresSchema,
});
export type DashboardStats = z.infer<typeof DashboardStatsSchema>;

/** The Dashboard export's columns (spec §9), one row per chart point. */
export const DASHBOARD_CSV_HEADERS = ['Date', 'Total Requests', 'Success Rate', 'Response Time'] as const;

export function dashboardCsvFileName(at: Date): string {
  return `dashboard-analytics-${at.toISOString().slice(0, 10)}.csv`;
}
