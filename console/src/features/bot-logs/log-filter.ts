import { BotLogFilterSchema, LEVEL_FILTERS, type BotLogFilter, type LevelFilter } from '@contract/bot-logs.js';
import { filterProblems, type FilterProblems } from '../../lib/filter-problems.js';

/** Reads the filter from the address bar, where it is kept so a filtered view can be shared. */
export function readLogFilter(params: URLSearchParams): BotLogFilter {
  const level = params.get('level');
  const search = params.get('search')?.trim();
  return {
    level: (LEVEL_FILTERS as readonly string[]).includes(level ?? '') ? (level as LevelFilter) : 'all',
    ...(search ? { search } : {}),
  };
}

/** A query string for the API and the address bar; defaults and unset values are left out. */
export function logQueryString(values: Partial<BotLogFilter> & { before?: number; after?: number }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === '' || (key === 'level' && value === 'all')) continue;
    params.set(key, String(value));
  }
  return params.toString();
}

export function hasActiveFilter(filter: BotLogFilter): boolean {
  return filter.level !== 'all' || Boolean(filter.search);
}

/** What the API would refuse in the filter (a search from the address longer than it takes), by field. */
export function logFilterProblems(filter: BotLogFilter): FilterProblems<keyof BotLogFilter> {
  return filterProblems(BotLogFilterSchema, filter);
}
