import { RiDownloadLine } from '@remixicon/react';
import { Button, Callout } from '@tremor/react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { BotLogFilter } from '@contract/bot-logs.js';
import { can } from '@contract/permissions.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { PageHeader } from '../../components/page-header.js';
import { errorMessage } from '../../lib/api-client.js';
import { useAuth } from '../auth/use-auth.js';
import { useExportBotLogs } from './api/export-bot-logs.js';
import { LogFilters } from './components/log-filters.js';
import { LogList } from './components/log-list.js';
import { LogStats } from './components/log-stats.js';
import { RefreshControls } from './components/refresh-controls.js';
import { hasActiveFilter, logQueryString, readLogFilter } from './log-filter.js';
import { useLogFeed } from './use-log-feed.js';

const HEADING_ID = 'bot-logs-heading';
const LIST_HEADING_ID = 'bot-logs-list-heading';

/** Bot Logs (/logs) of spec §2.8: every role reads; editors and up export. */
export function BotLogsScreen() {
  const { user } = useAuth();
  const canExport = can(user?.role, 'analytics:export');
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = useMemo(() => readLogFilter(searchParams), [searchParams]);
  const [autoRefresh, setAutoRefresh] = useState(true);
  const { firstPage, feed, loadMore, loadingMore, refreshFailed, reload } = useLogFeed(filter, autoRefresh);
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
              <Button type="button" variant="secondary" icon={RiDownloadLine} disabled={exportLogs.isPending} onClick={() => exportLogs.mutate(filter)}>
                {exportLogs.isPending ? 'Exporting...' : 'Export CSV'}
              </Button>
            ) : null}
          </>
        }
      />

      <LogFilters filter={filter} onChange={changeFilter} />

      {firstPage.isError && !feed ? (
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
