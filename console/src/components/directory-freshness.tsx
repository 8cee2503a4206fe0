import { useId } from 'react';
import { Card, LineChart } from '@tremor/react';
import type { VerificationFigures } from '@contract/verification-figures.js';
import { formatCount } from '@contract/plural.js';
import { bucketLabel } from '@contract/figure-windows.js';
import { formatPercent } from '../lib/figure-format.js';
import { EmptyChart } from './empty-chart.js';
import { StatCards } from './stat-cards.js';

/**
 * How true the directory stays (the Dashboard and Contact Analytics): its figures at the moment,
 * whatever the period, and the verified share week by week (each week by its last day, as every chart
 * writes days).
 */
export function DirectoryFreshness({ figures, timeZone }: { figures: VerificationFigures; timeZone: string }) {
  const headingId = useId();
  const cycle = formatCount(figures.reverifyAfterDays, 'day');
  const data = figures.weeklyVerifiedShare.map((week) => ({ week: bucketLabel(new Date(week.weekEnd), { key: '30d', timeZone }), Verified: week.verifiedShare }));
  return (
    <Card className="p-4">
      <section aria-labelledby={headingId} className="space-y-4">
        <div>
          <h2 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
            Directory Freshness
          </h2>
          <p className="text-tremor-label text-tremor-content-subtle">Active contacts now, whatever the period; each is re-verified every {cycle}.</p>
        </div>
        <StatCards
          label="Directory freshness figures"
          columns={3}
          figures={[
            { label: `Verified within ${cycle}`, value: formatPercent(figures.verifiedShare), note: `of ${formatCount(figures.activeContacts, 'active contact')}` },
            { label: 'Due this week', value: figures.dueThisWeek, note: 'Their verification runs out within 7 days' },
            { label: 'Overdue', value: figures.overdue, note: `${formatPercent(figures.overdueShare)} of active contacts` },
            {
              label: 'Median age of last verification',
              value: figures.medianAgeDays === null ? '—' : formatCount(Math.round(figures.medianAgeDays), 'day'),
            },
            { label: 'Reports open over 2 business days', value: figures.reportsOpenTooLong, note: 'From bot users, not yet resolved' },
            { label: 'Confirmed by the contacts', value: formatPercent(figures.selfConfirmedShare), note: `Of the confirmations within ${cycle}, through the bot` },
          ]}
        />
        <div>
          <h3 className="text-tremor-default font-medium text-tremor-content-strong">Verified share by week</h3>
          {figures.activeContacts === 0 ? (
            <EmptyChart text="No active contacts." />
          ) : (
            <LineChart
              className="mt-2 h-56"
              data={data}
              index="week"
              categories={['Verified']}
              colors={['emerald']}
              valueFormatter={(value: number) => formatPercent(value)}
              minValue={0}
              maxValue={100}
              connectNulls
              showAnimation={false}
              aria-label="Verified share by week chart"
            />
          )}
        </div>
      </section>
    </Card>
  );
}
