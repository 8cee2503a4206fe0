import { Card } from '@tremor/react';
import { formatTrend } from '../lib/figure-format.js';

interface KpiCardProps {
  title: string;
  value: string;
  /** Percent change from the window before; null shows "—" (nothing to compare with). Leave out for cards without a trend. */
  trend?: number | null;
  /** Whether a rise is good news (false for response times). */
  higherIsBetter?: boolean;
  /** What the figure counts, in one line: shown under it and as the card's tooltip. */
  note?: string;
}

/** A figure card: title, value and, when given, its change from the previous window of the same length. */
export function KpiCard({ title, value, trend, higherIsBetter = true, note }: KpiCardProps) {
  const good = trend != null && trend !== 0 && trend > 0 === higherIsBetter;
  const trendColour = trend == null || Math.round(trend * 10) === 0 ? 'text-tremor-content' : good ? 'text-emerald-600' : 'text-red-600';
  return (
    <Card className="min-w-0" data-testid="kpi-card" title={note}>
      <p className="text-tremor-default text-tremor-content">{title}</p>
      <p className="mt-1 truncate text-2xl font-semibold text-tremor-content-strong" data-testid="kpi-value">
        {value}
      </p>
      {trend !== undefined ? (
        <p className="mt-1 text-tremor-label">
          <span className={trendColour} data-testid="kpi-trend">
            {formatTrend(trend)}
          </span>{' '}
          <span className="text-tremor-content">vs previous period</span>
        </p>
      ) : null}
      {note ? <p className="mt-1 text-tremor-label text-tremor-content">{note}</p> : null}
    </Card>
  );
}
