import type { DashboardPeriod } from '@contract/dashboard.js';

/** The Dashboard's time windows (spec §2.4, §9), kept in the address as ?range=. */
export const TIME_RANGES = [
  { value: '24h', label: 'Today (24h)' },
  { value: '7d', label: '7 Days' },
  { value: '30d', label: '30 Days' },
] as const satisfies readonly { value: DashboardPeriod; label: string }[];

export type TimeRange = (typeof TIME_RANGES)[number]['value'];
export const DEFAULT_TIME_RANGE: TimeRange = '7d';

/** The range in the address, or the default when it is missing or unknown. */
export function readTimeRange(params: URLSearchParams): TimeRange {
  const value = params.get('range');
  return TIME_RANGES.find((range) => range.value === value)?.value ?? DEFAULT_TIME_RANGE;
}
