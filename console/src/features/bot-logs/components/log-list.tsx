import { Button, Card } from '@tremor/react';
import type { BotLog } from '@contract/bot-logs.js';
import { formatNumber } from '../../../lib/format.js';
import { LogEntry } from './log-entry.js';

interface LogListProps {
  items: BotLog[];
  total: number;
  /** Shown when there are no rows: which of spec's two empty states applies. */
  emptyText: string;
  hasOlder: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  headingId: string;
}

/** The loaded logs, newest first, with "Load more" for older ones. */
export function LogList({ items, total, emptyText, hasOlder, loadingMore, onLoadMore, headingId }: LogListProps) {
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex items-baseline justify-between">
        <h2 id={headingId} className="text-tremor-title font-semibold text-tremor-content-strong">
          Log entries
        </h2>
        <p className="text-tremor-default text-tremor-content">
          Showing {formatNumber(items.length)} of {formatNumber(total)}
        </p>
      </div>
      {items.length === 0 ? (
        <Card className="py-12 text-center text-tremor-default text-tremor-content">{emptyText}</Card>
      ) : (
        <Card className="p-0">
          <ol className="divide-y divide-tremor-border" aria-label="Bot logs, newest first">
            {items.map((log) => (
              <li key={log.id}>
                <LogEntry log={log} />
              </li>
            ))}
          </ol>
        </Card>
      )}
      {hasOlder ? (
        <div className="flex justify-center">
          <Button type="button" variant="secondary" loading={loadingMore} onClick={onLoadMore}>
            Load more
          </Button>
        </div>
      ) : null}
    </section>
  );
}
