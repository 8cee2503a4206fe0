import { queryOptions, useQuery } from '@tanstack/react-query';
import { BroadcastDetailSchema, type BroadcastDetail } from '@contract/broadcasts.js';
import { apiRequest } from '../../../lib/api-client.js';
import { isRunning } from './get-broadcast-history.js';
import { BROADCASTS_URL, broadcastQueryKey } from './keys.js';

/** How often a running broadcast's progress is asked for. */
export const PROGRESS_POLL_MS = 1500;
/** After a failed read the progress is asked for again, less often. */
const ERROR_POLL_MS = 10_000;

/** One broadcast in full: its content, progress and the recipients Telegram refused, with the reason. */
export async function getBroadcast(id: number): Promise<BroadcastDetail> {
  return BroadcastDetailSchema.parse(await apiRequest<unknown>('GET', `${BROADCASTS_URL}/${id}`));
}

export function broadcastQueryOptions(id: number) {
  return queryOptions({ queryKey: broadcastQueryKey(id), queryFn: () => getBroadcast(id) });
}

/** Polled while the broadcast runs; fresh on every open, since a finished one can be retried. */
export function useBroadcast(id: number | null) {
  return useQuery({
    ...broadcastQueryOptions(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => {
      if (query.state.status === 'error') return ERROR_POLL_MS;
      return query.state.data && !isRunning(query.state.data.status) ? false : PROGRESS_POLL_MS;
    },
  });
}
