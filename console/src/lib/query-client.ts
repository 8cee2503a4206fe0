import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError, defaultQueryFn, isServiceUnavailable } from './api-client.js';

const FIVE_MINUTES = 5 * 60 * 1000;

/** While the database is away (503) screens keep waiting, the shell's banner saying why, so they never show as broken. */
const OUTAGE_RETRY_MS = 5000;

/** The cache rules of spec §9. Client errors other than timeouts are not worth retrying. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) =>
          isServiceUnavailable(error) ||
          (failureCount < 3 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.status !== 408)),
        retryDelay: (attempt, error) => (isServiceUnavailable(error) ? OUTAGE_RETRY_MS : Math.min(1000 * 2 ** attempt, 30_000)),
      },
    },
  });
}
