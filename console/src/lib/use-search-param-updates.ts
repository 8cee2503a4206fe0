import { useCallback } from 'react';
import { useSearchParamsInOrder } from './use-search-params-in-order.js';

export type SearchParamChanges = Record<string, string | number | undefined>;

/**
 * The address bar's query as a list screen's state: `update` sets the given keys (an empty or
 * undefined value removes one) and, unless told otherwise, goes back to page 1, so a shared link
 * opens the same view.
 */
export function useSearchParamUpdates(): [URLSearchParams, (changes: SearchParamChanges, resetPage?: boolean) => void] {
  const [searchParams, setSearchParams] = useSearchParamsInOrder();
  const update = useCallback(
    (changes: SearchParamChanges, resetPage = true) =>
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        if (resetPage) next.delete('page');
        return next;
      }),
    [setSearchParams],
  );
  return [searchParams, update];
}

/**
 * Pagination's `onPage` for a list whose page is in the address (page 1 is the address without one).
 * `replace` swaps the current history entry instead of adding one: a page past the last, corrected to
 * the last, leaves no entry that Back would return to and correct again.
 */
export function usePageParam(): (page: number, replace?: boolean) => void {
  const [, setSearchParams] = useSearchParamsInOrder();
  return useCallback(
    (page: number, replace = false) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (page === 1) next.delete('page');
          else next.set('page', String(page));
          return next;
        },
        { replace },
      ),
    [setSearchParams],
  );
}
