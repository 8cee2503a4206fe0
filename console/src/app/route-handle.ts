import { useMatches } from 'react-router';

/** What a route tells the shell about itself. */
export interface RouteHandle {
  title: string;
  /** Open to signed-out visitors too (the sign-in debugging tools). */
  public?: boolean;
  /** Fetches the screen's code ahead of its first render. */
  preload?: () => Promise<unknown>;
}

const DEFAULT_TITLE = 'Dashboard';

/** The handle of the deepest matched route that has one. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    if (handle?.title) return handle;
  }
  return undefined;
}

/** The current page's title, "Dashboard" when the route names none (spec §2.2). */
export function usePageTitle(): string {
  return useRouteHandle()?.title ?? DEFAULT_TITLE;
}
