import type { QueryClient } from '@tanstack/react-query';

/**
 * Forgets everything the browser holds for this site: storage, the query cache and the
 * Cache Storage API (spec §2.3). CacheStorage exists only in secure contexts, hence the guard.
 */
export async function clearBrowserState(queryClient: QueryClient): Promise<void> {
  localStorage.clear();
  sessionStorage.clear();
  queryClient.clear();
  if ('caches' in window) {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
}
