import { useId } from 'react';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { can } from '@contract/permissions.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { PageHeader } from '../../components/page-header.js';
import { WindowSentence } from '../../components/window-sentence.js';
import { AsOfLine } from '../../components/as-of-line.js';
import { DirectoryFreshness } from '../../components/directory-freshness.js';
import { displayName } from '../../lib/format.js';
import { notifySuccess } from '../../lib/notify.js';
import { useAuth } from '../auth/use-auth.js';
import { BOT_STATS_URL, botStatsQueryKey, systemHealthQueryKey } from './api/keys.js';
import { getBotStats, useBotStats } from './api/get-bot-stats.js';
import { AdminControls } from './components/admin-controls.js';
import { DashboardActions } from './components/dashboard-actions.js';
import { RequestVolumeChart } from './components/request-volume-chart.js';
import { DashboardStatCards } from './components/stat-cards.js';
import { SummaryCards } from './components/summary-cards.js';
import { SystemStatusBanner } from './components/system-status-banner.js';
import { TimeRangeSelector } from './components/time-range-selector.js';
import { TopLocations } from './components/top-locations.js';
import { readTimeRange, TIME_RANGES, type TimeRange } from './time-range.js';
import './dashboard-print.css';
import { useSearchParamsInOrder } from '../../lib/use-search-params-in-order.js';

const COMPARED_WITH: Record<TimeRange, string> = {
  '24h': 'vs the 24 hours before',
  '7d': 'vs the 7 days before',
  '30d': 'vs the 30 days before',
};

/** The Dashboard (/ and /dashboard, spec §2.4). */
export function DashboardScreen() {
  const headingId = useId();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParamsInOrder();
  const range = readTimeRange(searchParams);
  const stats = useBotStats(range);
  const refreshing = useIsFetching({ queryKey: [BOT_STATS_URL] }) > 0;

  const changeRange = (next: TimeRange) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.set('range', next);
      return params;
    });

  // New figures, not the ones the server keeps 30 seconds for every console polling it.
  const refresh = async () => {
    await Promise.all([
      queryClient.fetchQuery({ queryKey: botStatsQueryKey(range), queryFn: () => getBotStats(range, { fresh: true }), staleTime: 0 }),
      queryClient.invalidateQueries({ queryKey: systemHealthQueryKey }),
    ]);
    notifySuccess('Dashboard Refreshed');
  };

  return (
    <section aria-labelledby={headingId} className="space-y-6" data-dashboard-report>
      <PageHeader
        headingId={headingId}
        title="Dashboard"
        description={`Welcome back, ${displayName(user)}. Here is how the bot is doing.`}
        actions={
          <>
            <TimeRangeSelector value={range} onChange={changeRange} />
            <DashboardActions period={range} canExport={can(user?.role, 'dashboard:export')} refreshing={refreshing} onRefresh={refresh} />
            <p className="hidden text-tremor-default text-tremor-content print:block">
              Time range: {TIME_RANGES.find((option) => option.value === range)?.label}
            </p>
          </>
        }
      />
      <SystemStatusBanner />
      {stats.data ? (
        <>
          <div>
            <WindowSentence period={stats.data.period} from={stats.data.from} to={stats.data.to} timeZone={stats.data.timeZone} />
            <AsOfLine asOf={stats.data.asOf} />
          </div>
          <SummaryCards stats={stats.data} comparedWith={COMPARED_WITH[range]} />
          <DashboardStatCards stats={stats.data} />
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
            <div className="lg:col-span-2">
              <RequestVolumeChart points={stats.data.requestVolume} period={stats.data.period} timeZone={stats.data.timeZone} />
            </div>
            <TopLocations locations={stats.data.topLocations} />
          </div>
          <DirectoryFreshness figures={stats.data.verification} timeZone={stats.data.timeZone} />
        </>
      ) : stats.isError ? (
        <ErrorAlert title="The dashboard figures could not be loaded" detail={stats.error.message} />
      ) : (
        <LoadingSpinner label="Loading the dashboard figures..." />
      )}
      {user && can(user.role, 'system-settings:manage') ? (
        <div data-print="hide">
          <AdminControls />
        </div>
      ) : null}
    </section>
  );
}
