import RiDownloadLine from 'remixicon/icons/System/download-line.svg?react';
import { Button, Card } from '@tremor/react';
import { useCallback } from 'react';
import { AUDIT_LOG_PAGE_SIZES } from '@contract/audit-log.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { PageHeader } from '../../components/page-header.js';
import { Pagination } from '../../components/pagination.js';
import { errorMessage } from '../../lib/api-client.js';
import { formatNumber } from '../../lib/format.js';
import { ROUTES } from '../../lib/routes.js';
import { usePageParam, useSearchParamUpdates } from '../../lib/use-search-param-updates.js';
import { useExportAuditLog } from './api/export-audit-log.js';
import { useAuditLog } from './api/get-audit-log.js';
import { useAuditLogFilterOptions } from './api/get-audit-log-filters.js';
import { hasProblem } from '../../lib/filter-problems.js';
import { auditFilterProblems, hasActiveFilter, hasDayProblem, readAuditLogParams, type AuditLogView } from './audit-filter.js';
import { AuditEntryList } from './components/audit-entry-list.js';
import { AuditFilters } from './components/audit-filters.js';

const { headingId: HEADING_ID, title: TITLE, description: DESCRIPTION } = ROUTES.auditLog.header;
const LIST_HEADING_ID = 'audit-log-list-heading';
/** The address bar's keys for the view; changing any of them starts again from page 1. */
const VIEW_KEYS = ['search', 'actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;

/** The Audit Log screen: admin and super_admin only, as the API enforces too (the router's RouteGate). */
export function AuditLogScreen() {
  const [searchParams, updateParams] = useSearchParamUpdates();
  const setPage = usePageParam();
  const params = readAuditLogParams(searchParams);
  // A filter the API would refuse is not asked for: its field says what is wrong, as the form does.
  const problems = auditFilterProblems(params.view);
  const refused = hasProblem(problems);
  const entries = useAuditLog(params, { enabled: !refused });
  const options = useAuditLogFilterOptions();
  const exportLog = useExportAuditLog();

  const changeView = useCallback((changes: Partial<AuditLogView>) => updateParams(changes), [updateParams]);
  const clearView = useCallback(() => updateParams(Object.fromEntries(VIEW_KEYS.map((key) => [key, undefined]))), [updateParams]);

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-6">
      <PageHeader
        title={TITLE}
        description={DESCRIPTION}
        headingId={HEADING_ID}
        actions={
          <Button
            type="button"
            variant="secondary"
            icon={RiDownloadLine}
            disabled={exportLog.isPending || refused}
            onClick={() => exportLog.mutate(params.view)}
          >
            {exportLog.isPending ? 'Exporting...' : 'Export CSV'}
          </Button>
        }
      />

      <AuditFilters view={params.view} options={options.data} problems={problems} onChange={changeView} onClear={clearView} />

      <section aria-labelledby={LIST_HEADING_ID} className="space-y-3">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id={LIST_HEADING_ID} className="text-tremor-title font-semibold text-tremor-content-strong">
            Changes
          </h2>
          {entries.data && !refused ? <p className="text-tremor-default text-tremor-content">{formatNumber(entries.data.total)} in all</p> : null}
        </div>
        {refused ? (
          <Card className="py-12 text-center text-tremor-default text-tremor-content">
            {hasDayProblem(problems) ? 'Change the dates to see the changes between them.' : 'Change the filters to see the changes that match them.'}
          </Card>
        ) : entries.isPending ? (
          <LoadingSpinner label="Loading the audit log..." />
        ) : entries.isError ? (
          <ErrorAlert title="Could not load the audit log" detail={errorMessage(entries.error, 'Check your connection and try again.')} />
        ) : (
          <>
            <AuditEntryList items={entries.data.items} emptyText={hasActiveFilter(params.view) ? 'No changes match your filters.' : 'No changes recorded yet.'} />
            {entries.data.total > 0 ? (
              <Pagination
                page={params.page}
                pageSize={params.pageSize}
                total={entries.data.total}
                onPage={setPage}
                onPageSize={(pageSize) => updateParams({ pageSize })}
                pageSizes={AUDIT_LOG_PAGE_SIZES}
              />
            ) : null}
          </>
        )}
      </section>
    </section>
  );
}
