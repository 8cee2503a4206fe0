import { Card } from '@tremor/react';
import type { AuditLogEntry as Entry } from '@contract/audit-log.js';
import { AuditEntry } from './audit-entry.js';

interface AuditEntryListProps {
  items: Entry[];
  /** Shown when there are no rows: a log with nothing yet, or a filter that matches nothing. */
  emptyText: string;
}

/** One page of the audit log, newest first. */
export function AuditEntryList({ items, emptyText }: AuditEntryListProps) {
  if (items.length === 0) return <Card className="py-12 text-center text-tremor-default text-tremor-content">{emptyText}</Card>;
  return (
    <Card className="p-0">
      <ol className="divide-y divide-tremor-border" aria-label="Audit log, newest first">
        {items.map((entry) => (
          <li key={entry.id}>
            <AuditEntry entry={entry} />
          </li>
        ))}
      </ol>
    </Card>
  );
}
