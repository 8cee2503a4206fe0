import RiArrowDownSLine from 'remixicon/icons/Arrows/arrow-down-s-line.svg?react';
import { useId, useState } from 'react';
import type { AuditLogEntry } from '@contract/audit-log.js';
import { auditSentence } from '@contract/audit-sentences.js';
import { formatCount, formatExactTime, formatRelativeTime } from '../../../lib/format.js';
import { topLevelChanges } from '../change-diff.js';
import { ChangeTable } from './change-table.js';

/** The verb at the end of an action ("contact.update") picks the colour of the mark before its sentence. */
const VERB_COLOURS: Record<string, string> = { create: 'bg-emerald-500', update: 'bg-blue-500', delete: 'bg-red-500' };

/** One change as a sentence (who did what to which record), when, from where; expanding it shows the before and after. */
export function AuditEntry({ entry }: { entry: AuditLogEntry }) {
  const [open, setOpen] = useState(false);
  const changesId = useId();
  const changes = topLevelChanges(entry.before, entry.after);
  const changedCount = changes?.filter((change) => change.changed).length ?? 0;
  // A create only sets fields and a delete only removes them.
  const verb = entry.before === null ? 'added' : entry.after === null ? 'removed' : 'changed';
  const who = entry.actorUsername ?? 'Unknown';
  const sentence = auditSentence(entry);
  const mark = VERB_COLOURS[entry.action.split('.').at(-1) ?? ''] ?? 'bg-gray-400';
  return (
    <article className="space-y-2 px-4 py-3" aria-label={sentence}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span aria-hidden="true" className={`h-2 w-2 shrink-0 rounded-full ${mark}`} />
        <p className="min-w-0 break-words text-tremor-default font-medium text-tremor-content-strong">{sentence}</p>
        <time dateTime={entry.createdAt} title={formatExactTime(entry.createdAt)} className="ml-auto text-tremor-label text-tremor-content">
          {formatRelativeTime(entry.createdAt)}
        </time>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-tremor-label text-tremor-content">
          <div className="flex gap-1.5">
            <dt>Who</dt>
            <dd className="font-medium text-tremor-content-emphasis">{who}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt>IP</dt>
            <dd className="font-mono text-tremor-content-emphasis">{entry.ip ?? '-'}</dd>
          </div>
        </dl>
        {changes ? (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={changesId}
            onClick={() => setOpen(!open)}
            className="flex items-center gap-1 rounded-tremor-small text-tremor-label font-medium text-tremor-brand hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-tremor-brand-muted"
          >
            {open ? 'Hide changes' : 'Show changes'}
            <span className="text-tremor-content">({formatCount(changedCount, 'field')} {verb})</span>
            <RiArrowDownSLine className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`} aria-hidden="true" />
          </button>
        ) : null}
      </div>
      {changes ? (
        <div id={changesId} hidden={!open}>
          <ChangeTable changes={changes} label={`Before and after: ${sentence}`} />
        </div>
      ) : null}
    </article>
  );
}
