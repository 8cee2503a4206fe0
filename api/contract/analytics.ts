import { z } from 'zod';
import { VerificationFiguresSchema } from './verification-figures.js';
import { fieldLabel, tooLong } from './fields.js';

/**
 * The analytics screens and their API (spec §2.12–2.14, §3, §7 "Analytics and notifications", §9):
 * figures over the windows of api/contract/figure-windows.ts, read from the log roll-ups, the recent
 * log rows and the contact counters.
 */

export const ANALYTICS_PERIODS = ['24h', '7d', '30d', '1y'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_PERIOD: AnalyticsPeriod = '7d';

export const TOP_LOCATIONS = 10;
export const TOP_USERS = 20;
/** The Regions tab's chart and list: the regions with the most requests. */
export const TOP_REGIONS = 10;

const PeriodSchema = z.enum(ANALYTICS_PERIODS, { error: 'Period must be 24h, 7d, 30d or 1y.' }).default(DEFAULT_PERIOD);
const placeFilter = (field: string) => z.string().trim().max(100, tooLong(fieldLabel(field), 100)).optional().transform((value) => value || undefined);

export const PeriodQuerySchema = z.object({ period: PeriodSchema });
export type PeriodQuery = z.infer<typeof PeriodQuerySchema>;
export const GeographicQuerySchema = z.object({ period: PeriodSchema, country: placeFilter('country') });
export type GeographicQuery = z.infer<typeof GeographicQuerySchema>;
export const ContactAnalyticsQuerySchema = z.object({ period: PeriodSchema, region: placeFilter('region') });
export type ContactAnalyticsQuery = z.infer<typeof ContactAnalyticsQuerySchema>;

/**
 * The change from the previous window to this one, in percent; null (shown as "—") when the
 * previous window has no figure to compare with.
 */
export function trendPercent(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

export type SuccessBadge = 'default' | 'secondary' | 'destructive';
/** Spec §2.13, §9: default above 90 %, secondary above 70 %, destructive otherwise. */
export function successBadge(successRate: number): SuccessBadge {
  if (successRate > 90) return 'default';
  if (successRate > 70) return 'secondary';
  return 'destructive';
}

/** "14:00-15:00" for hour 14. */
export function hourSlot(hour: number): string {
  const pad = (value: number) => `${String(value % 24).padStart(2, '0')}:00`;
  return `${pad(hour)}-${pad(hour + 1)}`;
}

/**
 * A top user as Analytics names them, as Bot Users does: "Amara Okafor", else the username, else
 * "User" plus the last 8 characters of the id (spec §2.12).
 */
export function userLabel(user: { userId: number; firstName: string | null; lastName: string | null; username: string | null }): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name || user.username || `User ${String(user.userId).slice(-8)}`;
}

const KpiSchema = z.object({ value: z.number().nullable(), previous: z.number().nullable(), trend: z.number().nullable() });
export type Kpi = z.infer<typeof KpiSchema>;

export const AnalyticsOverviewSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  /** The window (api/contract/figure-windows.ts), ISO 8601, start included and end excluded; the one compared with starts at previousFrom and ends at from. */
  from: z.string(),
  to: z.string(),
  previousFrom: z.string(),
  /** The configured time zone its days and hours of day are in. */
  timeZone: z.string(),
  /** How `series` divides the window: one-hour spans ending now (24h) or local days. */
  bucket: z.enum(['hour', 'day']),
  /** The days' unique users are those of the UTC day of that date (see sql/window-figures.ts), which the screen says. */
  usersByUtcDay: z.boolean(),
  /** When the figures were computed: answers are kept a minute (24h, 7d) or 15 minutes (30d, 1y). */
  asOf: z.string(),
  kpis: z.object({ totalRequests: KpiSchema, uniqueUsers: KpiSchema, avgResponseTimeMs: KpiSchema, successRate: KpiSchema }),
  /** One point per bucket, `at` its start (ISO 8601). */
  series: z.array(
    z.object({ at: z.string(), requests: z.number(), uniqueUsers: z.number(), successRate: z.number().nullable(), avgResponseTimeMs: z.number().nullable() }),
  ),
  hourly: z.array(z.object({ hour: z.string(), requests: z.number(), successRate: z.number().nullable() })),
  topLocations: z.array(z.object({ country: z.string().nullable(), region: z.string().nullable(), city: z.string().nullable(), requests: z.number() })),
  topUsers: z.array(z.object({ userId: z.number(), label: z.string(), requests: z.number(), lastActiveAt: z.string() })),
  peakHour: z.object({ hour: z.number(), slot: z.string(), requests: z.number() }).nullable(),
  successRate: z.number().nullable(),
  errorRate: z.number().nullable(),
  /** The TOP_REGIONS regions with the most requests, most first. */
  regions: z.array(z.object({ country: z.string().nullable(), region: z.string().nullable(), requests: z.number(), successRate: z.number() })),
  /** Requests per language the bot answered in, most first; logs without a user's language are not counted. */
  languages: z.array(z.object({ language: z.string(), requests: z.number() })),
});
export type AnalyticsOverview = z.infer<typeof AnalyticsOverviewSchema>;

/** GET /api/analytics/location-requests: requests per city in the window. */
export const LocationRequestsSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  items: z.array(z.object({ country: z.string().nullable(), region: z.string().nullable(), city: z.string().nullable(), requests: z.number() })),
});
export type LocationRequests = z.infer<typeof LocationRequestsSchema>;

/** Spec §3 Geographic analytic. */
export const GeographicAnalyticSchema = z.object({
  id: z.string(),
  country: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  requestCount: z.number(),
  successCount: z.number(),
  successRate: z.number(),
  avgResponseTimeMs: z.number().nullable(),
  uniqueUsers: z.number(),
  lastRequestAt: z.string(),
});
export type GeographicAnalytic = z.infer<typeof GeographicAnalyticSchema>;

/** The window an answer counts (api/contract/figure-windows.ts), for the sentence under the selector. */
const WindowFields = {
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
};

export const GeographicAnalyticsSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  ...WindowFields,
  asOf: z.string(),
  /** The countries found in the data, for the filter. */
  countries: z.array(z.string()),
  summary: z.object({
    totalRequests: z.number(),
    /** The mean of the regions' success rates (spec §2.13). */
    successRate: z.number().nullable(),
    avgResponseTimeMs: z.number().nullable(),
    activeRegions: z.number(),
  }),
  items: z.array(GeographicAnalyticSchema),
});
export type GeographicAnalytics = z.infer<typeof GeographicAnalyticsSchema>;

/** Spec §3 Heatmap point. */
export const HeatmapPointSchema = z.object({
  id: z.string(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  requestCount: z.number(),
  successRate: z.number(),
  badge: z.enum(['default', 'secondary', 'destructive']),
  lastUpdated: z.string(),
});
/** asOf: when the figures were computed, the same as Geographic Analytics' of the same period and country. */
export const GeographicHeatmapSchema = z.object({ period: z.enum(ANALYTICS_PERIODS), asOf: z.string(), items: z.array(HeatmapPointSchema) });
export type GeographicHeatmap = z.infer<typeof GeographicHeatmapSchema>;

/** Spec §3 Performance metric: per region, its mean response time (ms) and success rate (%). */
export const PerformanceMetricSchema = z.object({
  id: z.string(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  metricType: z.enum(['response_time', 'success_rate']),
  value: z.number(),
  timestamp: z.string(),
});
/** asOf: as GeographicHeatmapSchema's. */
export const PerformanceMetricsSchema = z.object({ period: z.enum(ANALYTICS_PERIODS), asOf: z.string(), items: z.array(PerformanceMetricSchema) });
export type PerformanceMetrics = z.infer<typeof PerformanceMetricsSchema>;

/** Spec §3 Contact analytics response, plus the filter's regions and a daily series for the Trends tab. */
export const ContactAnalyticsSchema = z.object({
  period: z.enum(ANALYTICS_PERIODS),
  ...WindowFields,
  asOf: z.string(),
  totalContacts: z.number(),
  activeContacts: z.number(),
  verifiedContacts: z.number(),
  /** Contacts available 24/7. */
  emergencyContacts: z.number(),
  /** Minutes: the mean of the contacts' stated response times that read "within N minutes/hours"; null when none does. */
  avgResponseTime: z.number().nullable(),
  regions: z.array(z.string()),
  contactsByRegion: z.array(z.object({ region: z.string(), count: z.number(), successRate: z.number().nullable() })),
  geographicDistribution: z.array(z.object({ latitude: z.number(), longitude: z.number(), count: z.number() })),
  contactsBySpecialty: z.array(z.object({ specialty: z.string(), count: z.number(), avgRating: z.number() })),
  topPerformingContacts: z.array(z.object({ id: z.number(), name: z.string(), city: z.string(), requests: z.number(), rating: z.number() })),
  responseTimeMetrics: z.array(
    z.object({
      timeRange: z.string(),
      avgTime: z.number().nullable(),
      medianTime: z.number().nullable(),
      p95Time: z.number().nullable(),
      /** The median and p95 are estimated from duration histograms (retention no longer holds the rows): shown with "≈". */
      estimated: z.boolean(),
    }),
  ),
  usagePatterns: z.array(z.object({ hour: z.string(), requests: z.number(), successRate: z.number().nullable() })),
  dailyRequests: z.array(z.object({ day: z.string(), requests: z.number() })),
  /** Problems bot users reported in the window: the most reported contacts, and per region; `open` are not resolved yet. */
  reportsByContact: z.array(z.object({ id: z.number(), name: z.string(), city: z.string(), reports: z.number(), open: z.number() })),
  reportsByRegion: z.array(z.object({ country: z.string(), region: z.string(), reports: z.number(), open: z.number() })),
  /** How true the region's (or the whole directory's) contacts stay, at the moment (not the window's). */
  verification: VerificationFiguresSchema,
});
export type ContactAnalytics = z.infer<typeof ContactAnalyticsSchema>;

/** Every export is one table of the screen's figures: which part of the screen, which row, which figure. */
export const ANALYTICS_CSV_HEADERS = ['Section', 'Item', 'Metric', 'Value'] as const;

export function analyticsCsvFileName(screen: 'analytics' | 'contact-analytics', period: AnalyticsPeriod, at: Date): string {
  return `${screen}-${period}-${at.toISOString().slice(0, 10)}.csv`;
}
