import { Card } from '@tremor/react';
import { Link } from 'react-router';
import type { DashboardStats, TrendingFigure } from '@contract/dashboard.js';
import { SUCCESS_RATE_DEFINITION, USERS_WHO_ASKED_DEFINITION } from '@contract/figure-definitions.js';
import { formatNumber } from '../../../lib/format.js';
import { ROUTES } from '../../../lib/routes.js';
import { formatPercent, formatSeconds, formatTrend } from '../../../lib/figure-format.js';

interface SummaryCard {
  label: string;
  /** What the figure counts, in one line, shown under it and as the card's tooltip: the same words as the card of that figure on Analytics. */
  definition: string;
  figure: TrendingFigure;
  format: (value: number | null) => string;
  to: string;
  /** For response time, a fall is the good news. */
  lowerIsBetter?: boolean;
}

function trendColour(percent: number | null, lowerIsBetter: boolean): string {
  if (percent === null || percent === 0) return 'text-tremor-content-subtle';
  return percent > 0 !== lowerIsBetter ? 'text-emerald-600' : 'text-red-600';
}

/** The four summary cards (spec §2.4), each a link to the screen with the detail. */
export function SummaryCards({ stats, comparedWith }: { stats: DashboardStats; comparedWith: string }) {
  const cards: SummaryCard[] = [
    {
      label: 'Total Requests',
      definition: 'Everything the bot was asked, errors included',
      figure: stats.totalRequests,
      format: (value) => formatNumber(value ?? 0),
      to: ROUTES.analytics.path,
    },
    { label: 'Success Rate', definition: SUCCESS_RATE_DEFINITION, figure: stats.successRate, format: formatPercent, to: ROUTES.analytics.path },
    {
      label: 'Active Now',
      definition: USERS_WHO_ASKED_DEFINITION,
      figure: stats.activeUsers,
      format: (value) => formatNumber(value ?? 0),
      to: ROUTES.botUsers.path,
    },
    {
      label: 'Avg Response Time',
      definition: 'Mean time the bot took to answer',
      figure: stats.avgResponseSeconds,
      format: formatSeconds,
      to: ROUTES.analytics.path,
      lowerIsBetter: true,
    },
  ];
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {cards.map(({ label, definition, figure, format, to, lowerIsBetter = false }) => (
        <Card key={label} className="relative p-4 hover:bg-tremor-background-muted" title={definition}>
          <dt className="text-tremor-default text-tremor-content">
            {/* The link covers the whole card: a click anywhere on it opens the detail. */}
            <Link
              to={to}
              aria-label={`${label}: ${format(figure.value)}`}
              className="rounded-tremor-default after:absolute after:inset-0 focus:outline-none focus-visible:after:ring-2 focus-visible:after:ring-tremor-brand-muted"
            >
              {label}
            </Link>
          </dt>
          <dd className="mt-1 text-2xl font-semibold text-tremor-content-strong">{format(figure.value)}</dd>
          <dd className="mt-1 text-tremor-label text-tremor-content" data-testid="card-definition">
            {definition}
          </dd>
          <dd className="mt-1 text-tremor-label">
            <span className={`font-medium ${trendColour(figure.trendPercent, lowerIsBetter)}`}>{formatTrend(figure.trendPercent)}</span>{' '}
            <span className="text-tremor-content-subtle">{comparedWith}</span>
          </dd>
        </Card>
      ))}
    </dl>
  );
}
