import { useId } from 'react';
import { AreaChart, Card } from '@tremor/react';
import { Link } from 'react-router-dom';
import type { DashboardPeriod, RequestPoint } from '@contract/dashboard.js';
import { formatNumber } from '../../../lib/format.js';
import { ROUTES } from '../../../lib/routes.js';

/** "09:00" for an hour of the last 24 hours, "21 Nov" for a day; both UTC, like the roll-ups. */
function pointLabel(at: string, period: DashboardPeriod): string {
  const date = new Date(at);
  if (period === '24h') return date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** Requests over the window, an hour (Today) or a day (7 and 30 Days) per point. */
export function RequestVolumeChart({ points, period }: { points: RequestPoint[]; period: DashboardPeriod }) {
  const headingId = useId();
  const data = points.map((point) => ({ time: pointLabel(point.at, period), Requests: point.requests }));
  return (
    <Card className="p-4">
      <section aria-labelledby={headingId}>
        <div className="flex items-center justify-between">
          <h2 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
            Request Volume
          </h2>
          <Link to={ROUTES.analytics.path} className="text-tremor-default font-medium text-tremor-brand hover:underline" data-print="hide">
            View All
          </Link>
        </div>
        <p className="text-tremor-label text-tremor-content-subtle">{period === '24h' ? 'Requests per hour (UTC)' : 'Requests per day (UTC)'}</p>
        <AreaChart
          className="mt-4 h-64"
          data={data}
          index="time"
          categories={['Requests']}
          colors={['blue']}
          valueFormatter={formatNumber}
          allowDecimals={false}
          showAnimation={false}
          aria-label="Request volume chart"
        />
      </section>
    </Card>
  );
}
