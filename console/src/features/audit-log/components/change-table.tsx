import { auditFieldLabel } from '@contract/audit-sentences.js';
import { shownValue, type FieldChange } from '../change-diff.js';

interface ChangeTableProps {
  changes: FieldChange[];
  /** Names the table for screen readers (and tests). */
  label: string;
}

/** Before and after side by side, one row per top-level field under its screen's label, the changed ones highlighted. */
export function ChangeTable({ changes, label }: ChangeTableProps) {
  return (
    <div className="overflow-x-auto rounded-tremor-small border border-tremor-border">
      <table aria-label={label} className="w-full table-fixed text-left text-tremor-label">
        <colgroup>
          <col className="w-1/4" />
          <col />
          <col />
        </colgroup>
        <thead className="bg-tremor-background-muted text-tremor-content">
          <tr>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Field
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              Before
            </th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              After
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-tremor-border">
          {changes.map((change) => (
            <tr key={change.field ?? ''} data-changed={change.changed} className={change.changed ? 'bg-amber-50' : 'text-tremor-content'}>
              <th scope="row" className="break-words px-2 py-1.5 align-top font-medium text-tremor-content-strong">
                {change.field === null ? 'Value' : auditFieldLabel(change.field)}
                {change.changed ? <span className="sr-only"> (changed)</span> : null}
              </th>
              <td className={`break-words px-2 py-1.5 align-top ${change.changed ? 'text-red-700' : ''}`}>{shownValue(change.field, change.before)}</td>
              <td className={`break-words px-2 py-1.5 align-top ${change.changed ? 'text-emerald-700' : ''}`}>{shownValue(change.field, change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
