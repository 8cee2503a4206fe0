import { Button, Card } from '@tremor/react';
import { useId } from 'react';
import type { Broadcast } from '@contract/broadcasts.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { LoadingSpinner } from '../../../components/loading-spinner.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatCount, formatDateTime, formatNumber } from '../../../lib/format.js';
import { StatusBadge } from './status-badge.js';

interface BroadcastHistoryProps {
  broadcasts: Broadcast[] | undefined;
  error: unknown;
  onRetry: () => void;
  onOpen: (id: number) => void;
}

/** The counts history shows: unknown and pending only when there are some, as most broadcasts have none. */
function counts(broadcast: Broadcast): string {
  const pending = broadcast.totalRecipients - broadcast.successCount - broadcast.failureCount - broadcast.unknownCount;
  return [
    `${formatNumber(broadcast.successCount)} delivered`,
    `${formatNumber(broadcast.failureCount)} failed`,
    ...(broadcast.unknownCount > 0 ? [`${formatNumber(broadcast.unknownCount)} unknown`] : []),
    ...(pending > 0 ? [`${formatNumber(pending)} pending`] : []),
    formatCount(broadcast.totalRecipients, 'recipient'),
  ].join(' · ');
}

/** The latest 10 broadcasts with their status badges (spec §2.6, §4). */
export function BroadcastHistory({ broadcasts, error, onRetry, onOpen }: BroadcastHistoryProps) {
  const headingId = useId();
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={headingId} className="space-y-4">
        <h2 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
          Broadcast History
        </h2>
        {error ? (
          <div className="space-y-2">
            <ErrorAlert title="Could not load the broadcast history" detail={errorMessage(error, 'Check your connection and try again.')} />
            <Button type="button" size="xs" variant="secondary" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : !broadcasts ? (
          <LoadingSpinner label="Loading broadcasts..." />
        ) : broadcasts.length === 0 ? (
          <p className="py-8 text-center text-tremor-default text-tremor-content">No broadcasts yet. The ones you send appear here.</p>
        ) : (
          <ol aria-labelledby={headingId} className="divide-y divide-tremor-border">
            {broadcasts.map((broadcast) => (
              <li key={broadcast.id} className="py-3 first:pt-0 last:pb-0">
                <article aria-label={broadcast.title} className="space-y-1.5">
                  <div className="flex items-start justify-between gap-3">
                    <h3 className="min-w-0 [overflow-wrap:anywhere] text-tremor-default font-semibold text-tremor-content-strong">{broadcast.title}</h3>
                    <StatusBadge status={broadcast.status} />
                  </div>
                  <p className="whitespace-pre-wrap [overflow-wrap:anywhere] text-tremor-default text-tremor-content">{broadcast.content}</p>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-tremor-label text-tremor-content">
                      {counts(broadcast)} · <time dateTime={broadcast.createdAt}>{formatDateTime(broadcast.createdAt)}</time>
                    </p>
                    <Button type="button" size="xs" variant="light" onClick={() => onOpen(broadcast.id)} aria-label={`Details of ${broadcast.title}`}>
                      Details
                    </Button>
                  </div>
                </article>
              </li>
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}
