import { Button } from '@tremor/react';
import { useCallback, useEffect } from 'react';
import type { AuditLogFilterOptions } from '@contract/audit-log.js';
import { auditActionChoices } from '@contract/audit-actions.js';
import { auditActionLabel } from '@contract/audit-sentences.js';
import { DateField } from '../../../components/date-field.js';
import { SearchField } from '../../../components/search-field.js';
import { SelectField } from '../../../components/select-field.js';
import { TextField } from '../../../components/text-field.js';
import { useLocalText } from '../../../lib/use-local-text.js';
import { hasActiveFilter, type AuditFilterProblems, type AuditLogView } from '../audit-filter.js';
import { AUDIT_EXACT_VALUE_MAX_LENGTH, AUDIT_SEARCH_MAX_LENGTH, timeBoundRule } from '@contract/audit-log.js';

const TYPING_DELAY_MS = 300;

/** A typed filter: follows the address bar (back button, a shared link) and commits once typing pauses. */
function useTypedFilter(committed: string | undefined, commit: (value: string | undefined) => void): [string, (text: string) => void] {
  const [text, setText] = useLocalText(committed);
  useEffect(() => {
    if (text.trim() === (committed ?? '')) return undefined;
    const timer = setTimeout(() => commit(text.trim() || undefined), TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, committed, commit]);
  return [text, setText];
}

interface MenuFilterProps {
  label: string;
  allLabel: string;
  value: string | undefined;
  /** The values offered; undefined while they load. */
  options: string[] | undefined;
  /** How a value reads in the menu; the value itself when not given. */
  optionLabel?: (value: string) => string;
  error?: string | undefined;
  onChange: (value: string | undefined) => void;
}

/** A menu of values to filter by; a value from the address bar stays selectable before they load. */
function MenuFilter({ label, allLabel, value, options = [], optionLabel = (option) => option, error, onChange }: MenuFilterProps) {
  const values = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <SelectField label={label} value={value ?? ''} error={error} onChange={(event) => onChange(event.target.value || undefined)}>
      <option value="">{allLabel}</option>
      {values.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </SelectField>
  );
}

/** Values in the order of their words, as a reader looks for them. */
const byLabel = (values: string[], label: (value: string) => string) => values.toSorted((a, b) => label(a).localeCompare(label(b)));

interface AuditFiltersProps {
  view: AuditLogView;
  options: AuditLogFilterOptions | undefined;
  /** What the API would refuse, shown on the field it concerns. */
  problems: AuditFilterProblems;
  onChange: (changes: Partial<AuditLogView>) => void;
  onClear: () => void;
}

/** Search, the menus, the target id and the days; the screen keeps them all in the URL. */
export function AuditFilters({ view, options, problems, onChange, onClear }: AuditFiltersProps) {
  const [search, setSearch] = useTypedFilter(view.search, useCallback((value) => onChange({ search: value }), [onChange]));
  const [targetId, setTargetId] = useTypedFilter(view.targetId, useCallback((value) => onChange({ targetId: value }), [onChange]));
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-[2fr_1fr_1fr_1fr]">
      <SearchField label="Search the audit log" maxLength={AUDIT_SEARCH_MAX_LENGTH} value={search} onChange={setSearch} placeholder="Action, target or who" error={problems.search} className="col-span-2 lg:col-span-1" />
      <MenuFilter label="Who" allLabel="Everyone" value={view.actor} options={options?.actors} error={problems.actor} onChange={(actor) => onChange({ actor })} />
      {/* Every action the product records, with those only old rows hold (auditActionChoices), in words and in their order; the filter keeps the recorded names. */}
      <MenuFilter label="Action" allLabel="All actions" value={view.action} options={byLabel(auditActionChoices(options?.actions ?? []), auditActionLabel)} optionLabel={auditActionLabel} error={problems.action} onChange={(action) => onChange({ action })} />
      <MenuFilter label="Target type" allLabel="All targets" value={view.targetType} options={options?.targetTypes} error={problems.targetType} onChange={(targetType) => onChange({ targetType })} />
      <TextField label="Target ID" maxLength={AUDIT_EXACT_VALUE_MAX_LENGTH} value={targetId} error={problems.targetId} onChange={(event) => setTargetId(event.target.value)} placeholder="Exact id" />
      <DateField label="From" value={view.from} max={view.to} error={problems.from} notADay={timeBoundRule('from')} onCommit={(from) => onChange({ from })} />
      <DateField label="To" value={view.to} min={view.from} error={problems.to} notADay={timeBoundRule('to')} onCommit={(to) => onChange({ to })} />
      {hasActiveFilter(view) ? (
        <div className="col-span-2 flex items-end lg:col-span-1">
          <Button type="button" variant="light" onClick={onClear}>
            Clear filters
          </Button>
        </div>
      ) : null}
    </div>
  );
}
