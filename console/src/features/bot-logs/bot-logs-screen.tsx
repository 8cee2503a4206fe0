import RiDownloadLine from 'remixicon/icons/System/download-line.svg?react';
import { Button, Callout, Card } from '@tremor/react';
import { useCallback, useMemo, useState } from 'react';
import type { BotLogFilter } from '@contract/bot-logs.js';
import { can } from '@contract/permissions.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { PageHeader } from '../../components/page-header.js';
import { errorMessage } from '../../lib/api-client.js';
import { hasProblem } from '../../lib/filter-problems.js';
import { useAuth } from '../auth/use-auth.js';
import { useExportBotLogs } from './api/export-bot-logs.js';
import { LogFilters } from './components/log-filters.js';
import { LogList } from './components/log-list.js';
import { LogStats } from './components/log-stats.js';
import { RefreshControls } from './components/refresh-controls.js';
import { hasActiveFilter, logFilterProblems, logQueryString, readLogFilter } from './log-filter.js';
import { useLogFeed } from './use-log-feed.js';
import { useSearchParamsInOrder } from '../../lib/use-search-params-in-order.js';

const HEADING_ID = 'bot-logs-heading';
const LIST_HEADING_ID = 'bot-logs-list-heading';

/** Bot Logs (/logs) of spec §2.8: every role reads; editors and up export. */
export function BotLogsScreen() {
  const { user } = useAuth();
  const canExport = can(user?.role, 'analytics:export');
  const [searchParams, setSearchParams] = useSearchParamsInOrder();
  const filter = useMemo(() => readLogFilter(searchParams), [searchParams]);
  // A filter the API would refuse is not asked for: its field says what is wrong, as the form does.
  const problems = useMemo(() => logFilterProblems(filter), [filter]);
  const refused = hasProblem(problems);
  const [autoRefresh, setAutoRefresh] = useState(true);
  const { firstPage, feed, loadMore, loadingMore, refreshFailed, reload } = useLogFeed(filter, autoRefresh, !refused);
  const exportLogs = useExportBotLogs();

  const changeFilter = useCallback(
    (changes: Partial<BotLogFilter>) => {
      setSearchParams((current) => new URLSearchParams(logQueryString({ ...readLogFilter(current), ...changes })));
    },
    [setSearchParams],
  );

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-6">
      <PageHeader
        title="Bot Logs"
        description="Every request the bot handled, with its outcome, timing and any error."
        headingId={HEADING_ID}
        actions={
          <>
            <RefreshControls autoRefresh={autoRefresh} onAutoRefreshChange={setAutoRefresh} refreshing={firstPage.isFetching} onRefresh={reload} />
            {canExport ? (
              <Button type="button" variant="secondary" icon={RiDownloadLine} disabled={exportLogs.isPending || refused} onClick={() => exportLogs.mutate(filter)}>
                {exportLogs.isPending ? 'Exporting...' : 'Export CSV'}
              </Button>
            ) : null}
          </>
        }
      />

      <LogFilters filter={filter} problems={problems} onChange={changeFilter} />

      {refused ? (
        <Card className="py-12 text-center text-tremor-default text-tremor-content">Change the filters to see the logs that match them.</Card>
      ) : firstPage.isError && !feed ? (
        <div className="space-y-3">
          <ErrorAlert title="Could not load the bot logs" detail={errorMessage(firstPage.error, 'Check your connection and try again.')} />
          <Button type="button" variant="secondary" onClick={reload}>
            Try again
          </Button>
        </div>
      ) : !feed ? (
        <LoadingSpinner label="Loading logs..." />
      ) : (
        <>
          {refreshFailed ? (
            <Callout color="amber" title="Auto refresh could not reach the server">
              The logs below may be out of date; it keeps trying every 5 seconds.
            </Callout>
          ) : null}
          <LogStats total={feed.total} stats={feed.stats} />
          <LogList
            items={feed.items}
            total={feed.total}
            emptyText={hasActiveFilter(filter) ? 'No logs match your filters.' : 'No logs yet.'}
            hasOlder={feed.nextBefore !== null}
            loadingMore={loadingMore}
            onLoadMore={() => void loadMore()}
            headingId={LIST_HEADING_ID}
          />
        </>
      )}
    </section>
  );
}
