/** How the figure screens write their figures: "—" wherever there is nothing to show. */
const NO_FIGURE = '—';

/** "98.5%". */
export function formatPercent(value: number | null): string {
  return value === null ? NO_FIGURE : `${(Math.round(value * 10) / 10).toFixed(1)}%`;
}

/** "0.43s". */
export function formatSeconds(value: number | null): string {
  return value === null ? NO_FIGURE : `${value.toFixed(2)}s`;
}

/** "245 ms". */
export function formatMs(value: number | null): string {
  return value === null ? NO_FIGURE : `${Math.round(value).toLocaleString('en-GB')} ms`;
}

/** "+12.5%", "−3.0%", "0.0%" (a change that rounds to nothing has no sign); "—" without an earlier figure to compare with. */
export function formatTrend(percent: number | null): string {
  if (percent === null) return NO_FIGURE;
  const rounded = Math.round(percent * 10) / 10;
  if (rounded > 0) return `+${rounded.toFixed(1)}%`;
  if (rounded < 0) return `−${Math.abs(rounded).toFixed(1)}%`;
  return '0.0%';
}
