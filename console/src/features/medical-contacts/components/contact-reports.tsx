import { Badge, Button } from '@tremor/react';
import { CONTACT_PROBLEM_LABELS, REPORT_STATUS_LABELS, type ContactReport, type ReportStatus } from '@contract/contact-reports.js';
import { formatDateTime } from '../../../lib/format.js';
import { useContactReports, useResolveReport } from '../api/contact-reports.js';

const STATUS_COLORS: Record<ReportStatus, 'amber' | 'emerald' | 'gray'> = { open: 'amber', fixed: 'emerald', not_a_problem: 'gray' };

function ReportItem({ report, canResolve }: { report: ContactReport; canResolve: boolean }) {
  const resolve = useResolveReport();
  const problem = CONTACT_PROBLEM_LABELS[report.problem];
  return (
    <li className="flex flex-wrap items-start justify-between gap-2" aria-label={`${problem}: ${REPORT_STATUS_LABELS[report.status]}`}>
      <div className="min-w-0">
        <p className="text-tremor-content-strong">
          <span className="font-medium">{problem}</span> · reported <time dateTime={report.createdAt}>{formatDateTime(report.createdAt)}</time> by user{' '}
          {report.telegramId}
        </p>
        {report.comment ? <p className="break-words text-tremor-content">“{report.comment}”</p> : null}
        {report.status !== 'open' && report.resolvedAt ? (
          <p className="text-tremor-content">
            {REPORT_STATUS_LABELS[report.status]} by {report.resolvedBy ?? 'a former staff member'} ·{' '}
            <time dateTime={report.resolvedAt}>{formatDateTime(report.resolvedAt)}</time>
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        <Badge size="xs" color={STATUS_COLORS[report.status]}>
          {REPORT_STATUS_LABELS[report.status]}
        </Badge>
        {canResolve && report.status === 'open' ? (
          <>
            <Button type="button" size="xs" variant="secondary" disabled={resolve.isPending} onClick={() => resolve.mutate({ id: report.id, status: 'fixed' })}>
              Fixed
            </Button>
            <Button type="button" size="xs" variant="light" disabled={resolve.isPending} onClick={() => resolve.mutate({ id: report.id, status: 'not_a_problem' })}>
              Not a problem
            </Button>
          </>
        ) : null}
      </div>
    </li>
  );
}

/** What bot users reported about the contact; an open report keeps it due for re-verification until it is resolved. */
export function ContactReports({ contactId, headingId, canResolve }: { contactId: number; headingId: string; canResolve: boolean }) {
  const reports = useContactReports(contactId);
  const open = reports.data?.filter((report) => report.status === 'open').length ?? 0;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-tremor-default font-semibold text-tremor-content-strong">
        Reports{open > 0 ? ` (${open} open)` : ''}
      </h3>
      {reports.isPending ? (
        <p role="status" className="text-tremor-label text-tremor-content">
          Loading reports...
        </p>
      ) : reports.isError ? (
        <p className="text-tremor-label text-red-600">The reports could not be loaded.</p>
      ) : reports.data.length === 0 ? (
        <p className="text-tremor-label text-tremor-content">No problems reported by bot users.</p>
      ) : (
        <ul className="max-h-48 space-y-3 overflow-y-auto rounded-tremor-default border border-tremor-border p-3 text-tremor-label">
          {reports.data.map((report) => (
            <ReportItem key={report.id} report={report} canResolve={canResolve} />
          ))}
        </ul>
      )}
    </section>
  );
}
