import { useId } from 'react';
import { AreaChart, Card } from '@tremor/react';
import { Link } from 'react-router';
import type { DashboardPeriod, RequestPoint } from '@contract/dashboard.js';
import { bucketLabel } from '@contract/figure-windows.js';
import { currentClock, formatNumber } from '../../../lib/format.js';
import { ROUTES } from '../../../lib/routes.js';

/** Requests over the window, an hour (Today) or a day (7 and 30 Days) per point, in the server's time zone. */
export function RequestVolumeChart({ points, period, timeZone }: { points: RequestPoint[]; period: DashboardPeriod; timeZone: string }) {
  const headingId = useId();
  const data = points.map((point) => ({ time: bucketLabel(new Date(point.at), { key: period, timeZone, clockFormat: currentClock().clockFormat }), Requests: point.requests }));
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
        <p className="text-tremor-label text-tremor-content-subtle">{period === '24h' ? `Requests per hour, times in ${timeZone}` : `Requests per day, days from midnight in ${timeZone}`}</p>
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
