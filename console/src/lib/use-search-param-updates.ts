import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

export type SearchParamChanges = Record<string, string | number | undefined>;

/**
 * The address bar's query as a list screen's state: `update` sets the given keys (an empty or
 * undefined value removes one) and, unless told otherwise, goes back to page 1, so a shared link
 * opens the same view.
 */
export function useSearchParamUpdates(): [URLSearchParams, (changes: SearchParamChanges, resetPage?: boolean) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
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
