import RiDownloadLine from 'remixicon/icons/System/download-line.svg?react';
import { Button } from '@tremor/react';
import type { AnalyticsPeriod } from '@contract/analytics.js';
import { can } from '@contract/permissions.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { SUCCESS_RATE_DEFINITION, USERS_WHO_ASKED_DEFINITION } from '@contract/figure-definitions.js';
import { KpiCard } from '../../components/kpi-card.js';
import { formatMs, formatPercent } from '../../lib/figure-format.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { PageHeader } from '../../components/page-header.js';
import { PeriodSelect, readPeriod, withParam } from '../../components/period-select.js';
import { errorMessage } from '../../lib/api-client.js';
import { formatNumber } from '../../lib/format.js';
import { useAuth } from '../auth/use-auth.js';
import { useAnalyticsOverview, useExportAnalytics } from './api/analytics-api.js';
import { OverviewTabs } from './components/overview-tabs.js';
import { AsOfLine } from '../../components/as-of-line.js';
import { WindowSentence } from '../../components/window-sentence.js';
import { useSearchParamsInOrder } from '../../lib/use-search-params-in-order.js';

const HEADING_ID = 'analytics-heading';
const PERIOD_LABELS: Record<AnalyticsPeriod, string> = { '24h': 'Last 24h', '7d': 'Last 7 days', '30d': 'Last 30 days', '1y': 'Last year' };

/** Analytics Dashboard (/analytics) of spec §2.12: every role reads; editors and up export. */
export function AnalyticsScreen() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParamsInOrder();
  const period = readPeriod(searchParams);
  const overview = useAnalyticsOverview(period);
  const exportAnalytics = useExportAnalytics();
  const data = overview.data;

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-6">
      <PageHeader
        title="Analytics Dashboard"
        description="Request volume, users, locations and performance of the bot over time."
        headingId={HEADING_ID}
        actions={
          <>
            <PeriodSelect label="Time range" labels={PERIOD_LABELS} value={period} onChange={(next) => setSearchParams((current) => withParam(current, 'period', next))} />
            {can(user?.role, 'analytics:export') ? (
              <Button className="self-end" type="button" variant="secondary" icon={RiDownloadLine} disabled={exportAnalytics.isPending} onClick={() => exportAnalytics.mutate(period)}>
                {exportAnalytics.isPending ? 'Exporting...' : 'Export'}
              </Button>
            ) : null}
          </>
        }
      />
      {overview.isError ? (
        <ErrorAlert title="Could not load the analytics" detail={errorMessage(overview.error, 'Check your connection and try again.')} />
      ) : !data ? (
        <LoadingSpinner label="Loading analytics..." />
      ) : (
        <>
          <WindowSentence period={data.period} from={data.from} to={data.to} timeZone={data.timeZone} />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <KpiCard
              title="Total Requests"
              value={formatNumber(data.kpis.totalRequests.value ?? 0)}
              trend={data.kpis.totalRequests.trend}
              note="Everything the bot was asked, errors included"
            />
            <KpiCard
              title="Unique Users"
              value={formatNumber(data.kpis.uniqueUsers.value ?? 0)}
              trend={data.kpis.uniqueUsers.trend}
              note={USERS_WHO_ASKED_DEFINITION}
            />
            <KpiCard
              title="Avg Response Time (ms)"
              value={formatMs(data.kpis.avgResponseTimeMs.value)}
              trend={data.kpis.avgResponseTimeMs.trend}
              higherIsBetter={false}
              note="Mean time the bot took to answer"
            />
            <KpiCard
              title="Success Rate"
              value={formatPercent(data.kpis.successRate.value)}
              trend={data.kpis.successRate.trend}
              note={SUCCESS_RATE_DEFINITION}
            />
          </div>
          <AsOfLine asOf={data.asOf} />
          <OverviewTabs overview={data} />
        </>
      )}
    </section>
  );
}
