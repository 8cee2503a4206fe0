import { actionSentence, auditFieldLabel, auditValue } from '@contract/audit-sentences.js';
import { formatDateTime } from '../../../lib/format.js';
import { useContactHistory } from '../api/get-contact-history.js';

const shown = (field: string, value: unknown) => auditValue(field, value, formatDateTime);

/** The contact's changes from the audit log in words: who changed what, and when. */
export function ContactHistory({ contactId, contactName, headingId }: { contactId: number; contactName: string; headingId: string }) {
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
                <span className="font-medium">{actionSentence(entry.action, entry.actor, contactName)}</span> ·{' '}
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              </p>
              {Object.keys(entry.changes).length > 0 ? (
                <ul className="mt-0.5 text-tremor-content">
                  {Object.entries(entry.changes).map(([field, [before, after]]) => (
                    <li key={field} className="break-words">
                      {auditFieldLabel(field)}: {shown(field, before)} → {shown(field, after)}
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
