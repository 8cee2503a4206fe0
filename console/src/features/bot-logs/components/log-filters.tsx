import { RiSearchLine } from '@remixicon/react';
import { useEffect, useId, useState } from 'react';
import { LEVEL_FILTERS, type BotLogFilter, type LevelFilter } from '../../../../../api/contract/bot-logs.js';
import { SelectField } from '../../../components/select-field.js';

const SEARCH_DELAY_MS = 300;

interface LogFiltersProps {
  filter: BotLogFilter;
  onChange: (changes: Partial<BotLogFilter>) => void;
}

/** Search and level; the screen keeps both in the URL. */
export function LogFilters({ filter, onChange }: LogFiltersProps) {
  const searchId = useId();
  const [search, setSearch] = useState(filter.search ?? '');

  // The address bar may change under us (back button, a shared link): follow it.
  useEffect(() => setSearch(filter.search ?? ''), [filter.search]);

  useEffect(() => {
    if (search.trim() === (filter.search ?? '')) return undefined;
    const timer = setTimeout(() => onChange({ search: search.trim() || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filter.search, onChange]);

  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
      <div>
        <label htmlFor={searchId} className="block text-tremor-default font-medium text-tremor-content-strong">
          Search logs
        </label>
        <div className="relative mt-1.5">
          <RiSearchLine className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-tremor-content-subtle" aria-hidden="true" />
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Message, command, error, user id or chat id"
            className="block w-full rounded-tremor-default border border-tremor-border bg-tremor-background py-2 pl-9 pr-3 text-tremor-default text-tremor-content-strong shadow-tremor-input placeholder:text-tremor-content-subtle focus:border-tremor-brand-subtle focus:outline-none focus:ring-2 focus:ring-tremor-brand-muted"
          />
        </div>
      </div>
      <SelectField label="Level" value={filter.level} onChange={(event) => onChange({ level: event.target.value as LevelFilter })}>
        {LEVEL_FILTERS.map((level) => (
          <option key={level} value={level}>
            {level === 'all' ? 'All levels' : level}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
