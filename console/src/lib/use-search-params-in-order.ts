import { useCallback } from 'react';
import { useLocation, useSearchParams, type NavigateOptions } from 'react-router';

export type SearchParamsUpdate = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/** The query last asked for, and the screen and rendered query it was asked from. One screen shows at a time. */
let asked: { pathname: string; from: string; search: string } | null = null;

/**
 * useSearchParams whose updater starts from the query last asked for. React Router hands an updater the
 * query of the last render, and renders an address change as a transition, so on a busy machine two
 * changes made before the screen rendered again (a type picked, then a search typed) kept only the second.
 * Once the screen has rendered again, whether with that query or after Back, the rendered query is the latest.
 */
export function useSearchParamsInOrder(): [URLSearchParams, (update: SearchParamsUpdate, options?: NavigateOptions) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const rendered = searchParams.toString();
  const set = useCallback(
    (update: SearchParamsUpdate, options?: NavigateOptions) => {
      const latest = new URLSearchParams(asked?.pathname === pathname && asked.from === rendered ? asked.search : rendered);
      const next = typeof update === 'function' ? update(latest) : update;
      asked = { pathname, from: rendered, search: next.toString() };
      setSearchParams(next, options);
    },
    [pathname, rendered, setSearchParams],
  );
  return [searchParams, set];
}
