import RiDownloadLine from 'remixicon/icons/System/download-line.svg?react';
import RiRefreshLine from 'remixicon/icons/System/refresh-line.svg?react';
import { Button, Card } from '@tremor/react';
import { ContactAnalyticsQuerySchema, type AnalyticsPeriod } from '@contract/analytics.js';
import { can } from '@contract/permissions.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { KpiCard } from '../../components/kpi-card.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { PageHeader } from '../../components/page-header.js';
import { PeriodSelect, readPeriod, withParam } from '../../components/period-select.js';
import { SelectField } from '../../components/select-field.js';
import { errorMessage } from '../../lib/api-client.js';
import { filterProblems, hasProblem } from '../../lib/filter-problems.js';
import { AsOfLine } from '../../components/as-of-line.js';
import { DirectoryFreshness } from '../../components/directory-freshness.js';
import { WindowSentence } from '../../components/window-sentence.js';
import { formatNumber } from '../../lib/format.js';
import { useAuth } from '../auth/use-auth.js';
import { useContactAnalytics, useExportContactAnalytics } from './contact-analytics-api.js';
import { ContactAnalyticsTabs } from './contact-analytics-tabs.js';
import { useSearchParamsInOrder } from '../../lib/use-search-params-in-order.js';

const HEADING_ID = 'contact-analytics-heading';
const PERIOD_LABELS: Record<AnalyticsPeriod, string> = { '24h': '24 Hours', '7d': '7 Days', '30d': '30 Days', '1y': '1 Year' };

/** Contact Analytics (/contact-analytics) of spec §2.14: every role reads; editors and up export. */
export function ContactAnalyticsScreen() {
  const { user } = useAuth();
  const [searchParams, setSearchParams] = useSearchParamsInOrder();
  const period = readPeriod(searchParams);
  const region = searchParams.get('region') || undefined;
  // A region the API would refuse (a long one from the address) is not asked for: the select says why.
  const problems = filterProblems(ContactAnalyticsQuerySchema, { period, region });
  const refused = hasProblem(problems);
  const { query: analytics, refresh } = useContactAnalytics({ period, region }, { enabled: !refused });
  const exportAnalytics = useExportContactAnalytics();
  const data = analytics.data;
  const regions = [...new Set([...(data?.regions ?? []), ...(region ? [region] : [])])];

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-6">
      <PageHeader
        title="Contact Analytics"
        description="How medical contacts are spread, how often they are recommended and how quickly they respond."
        headingId={HEADING_ID}
        actions={
          <>
            <PeriodSelect label="Period" labels={PERIOD_LABELS} value={period} onChange={(next) => setSearchParams((current) => withParam(current, 'period', next))} />
            <SelectField label="Region" value={region ?? ''} error={problems.region} onChange={(event) => setSearchParams((current) => withParam(current, 'region', event.target.value))}>
              <option value="">All Regions</option>
              {regions.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </SelectField>
            <Button className="self-end" type="button" variant="secondary" icon={RiRefreshLine} loading={analytics.isFetching} disabled={refused} onClick={() => void refresh()}>
              Refresh
            </Button>
            {can(user?.role, 'analytics:export') ? (
              <Button
                className="self-end"
                type="button"
                variant="secondary"
                icon={RiDownloadLine}
                disabled={exportAnalytics.isPending || refused}
                onClick={() => exportAnalytics.mutate({ period, region })}
              >
                {exportAnalytics.isPending ? 'Exporting...' : 'Export'}
              </Button>
            ) : null}
          </>
        }
      />
      {refused ? (
        <Card className="py-12 text-center text-tremor-default text-tremor-content">Change the region to see its figures.</Card>
      ) : analytics.isError ? (
        <ErrorAlert title="Could not load the contact analytics" detail={errorMessage(analytics.error, 'Check your connection and try again.')} />
      ) : !data ? (
        <LoadingSpinner label="Loading contact analytics...." />
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
            <KpiCard title="Total Contacts" value={formatNumber(data.totalContacts)} note="In the directory now, whatever the period" />
            <KpiCard title="Active Contacts" value={formatNumber(data.activeContacts)} note="Ones the bot can recommend" />
            <KpiCard title="Verified" value={formatNumber(data.verifiedContacts)} note="Contacts marked verified" />
            <KpiCard title="Emergency (24/7)" value={formatNumber(data.emergencyContacts)} note="Available hours set to 24/7" />
            <KpiCard
              title="Avg Response (min)"
              value={data.avgResponseTime === null ? '—' : formatNumber(Math.round(data.avgResponseTime))}
              note="Contacts' stated response times, not the bot's"
            />
          </div>
          <WindowSentence period={data.period} from={data.from} to={data.to} timeZone={data.timeZone} />
          <AsOfLine asOf={data.asOf} />
          <DirectoryFreshness figures={data.verification} timeZone={data.timeZone} />
          <ContactAnalyticsTabs analytics={data} region={region} />
        </>
      )}
    </section>
  );
}
