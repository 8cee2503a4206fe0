import { formatDateTime } from '../../../lib/format.js';
import { useContactHistory } from '../api/get-contact-history.js';

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return value.join(', ') || '(empty)';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** The contact's changes from the audit log: who changed what, and when. */
export function ContactHistory({ contactId, headingId }: { contactId: number; headingId: string }) {
  const history = useContactHistory(contactId);
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-tremor-default font-semibold text-tremor-content-strong">
        History
      </h3>
      {history.isPending ? (
        <p role="status" className="text-tremor-label text-tremor-content">
          Loading history...
        </p>
      ) : history.isError ? (
        <p className="text-tremor-label text-red-600">The history could not be loaded.</p>
      ) : history.data.length === 0 ? (
        <p className="text-tremor-label text-tremor-content">No changes recorded yet.</p>
      ) : (
        <ol className="max-h-48 space-y-2 overflow-y-auto rounded-tremor-default border border-tremor-border p-3 text-tremor-label">
          {history.data.map((entry) => (
            <li key={entry.id}>
              <p className="text-tremor-content-strong">
                <span className="font-medium capitalize">{entry.action}</span> by {entry.actor ?? 'system'} ·{' '}
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </p>
              {Object.keys(entry.changes).length > 0 ? (
                <ul className="mt-0.5 text-tremor-content">
                  {Object.entries(entry.changes).map(([field, [before, after]]) => (
                    <li key={field} className="break-words">
                      {field}: {show(before)} → {show(after)}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
