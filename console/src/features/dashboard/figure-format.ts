/** How the Dashboard writes its figures: "—" wherever there is nothing to show. */
export const NO_FIGURE = '—';

/** "62.5%". */
export function formatPercent(value: number | null): string {
  return value === null ? NO_FIGURE : `${value.toFixed(1)}%`;
}

/** "0.43s". */
export function formatSeconds(value: number | null): string {
  return value === null ? NO_FIGURE : `${value.toFixed(2)}s`;
}

/** "+12.5%", "-3.0%", "0.0%"; "—" without an earlier figure to compare with. */
export function formatTrend(percent: number | null): string {
  if (percent === null) return NO_FIGURE;
  return `${percent > 0 ? '+' : ''}${percent.toFixed(1)}%`;
}
