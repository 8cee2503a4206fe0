import { useEffect } from 'react';
import { LEVEL_FILTERS, type BotLogFilter, type LevelFilter } from '@contract/bot-logs.js';
import { SelectField } from '../../../components/select-field.js';
import { SearchField } from '../../../components/search-field.js';
import { LOG_SEARCH_MAX_LENGTH } from '@contract/bot-logs.js';
import type { FilterProblems } from '../../../lib/filter-problems.js';
import { useLocalText } from '../../../lib/use-local-text.js';

const SEARCH_DELAY_MS = 300;

interface LogFiltersProps {
  filter: BotLogFilter;
  /** What the API would refuse in the filter from the address, shown on its field. */
  problems: FilterProblems<keyof BotLogFilter>;
  onChange: (changes: Partial<BotLogFilter>) => void;
}

/** Search and level; the screen keeps both in the URL. */
export function LogFilters({ filter, problems, onChange }: LogFiltersProps) {
  const [search, setSearch] = useLocalText(filter.search);

  useEffect(() => {
    if (search.trim() === (filter.search ?? '')) return undefined;
    const timer = setTimeout(() => onChange({ search: search.trim() || undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filter.search, onChange]);

  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_12rem]">
      <SearchField label="Search logs" maxLength={LOG_SEARCH_MAX_LENGTH} value={search} onChange={setSearch} placeholder="Message, command, error or user/chat ID" error={problems.search} />
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
