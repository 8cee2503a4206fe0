import type { QueryClient } from '@tanstack/react-query';
import { keepingFormDrafts } from './form-draft-store.js';

/**
 * Empties local and session storage, but for the unsent form drafts (form-draft-store.ts): they are the
 * person's, not the ended session's, and each is keyed by its owner, so nobody else signing in here sees them.
 */
export function clearStorage(): void {
  keepingFormDrafts(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/**
 * Forgets everything the browser holds for this site: storage (but for form drafts), the query cache
 * and the Cache Storage API (spec §2.3). CacheStorage exists only in secure contexts, hence the guard.
 */
export async function clearBrowserState(queryClient: QueryClient): Promise<void> {
  clearStorage();
  queryClient.clear();
  if ('caches' in window) {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
}
