import { queryOptions, useQuery } from '@tanstack/react-query';
import { BroadcastHistorySchema, type BroadcastHistory } from '@contract/broadcasts.js';
import { apiRequest } from '../../../lib/api-client.js';
import { BROADCAST_HISTORY_URL, broadcastsQueryKey } from './keys.js';

/** The latest 10 broadcasts, newest first, content cut to 150 characters by the server (spec §2.6), and the totals of all. */
export async function getBroadcastHistory(): Promise<BroadcastHistory> {
  return BroadcastHistorySchema.parse(await apiRequest<unknown>('GET', BROADCAST_HISTORY_URL));
}

export function broadcastHistoryQueryOptions() {
  return queryOptions({ queryKey: broadcastsQueryKey, queryFn: getBroadcastHistory });
}

/** While one of them is still going, history refreshes every few seconds so its status and counts move. */
export function useBroadcastHistory() {
  return useQuery({
    ...broadcastHistoryQueryOptions(),
    refetchInterval: (query) => (query.state.data?.broadcasts.some((broadcast) => isRunning(broadcast.status)) ? 5000 : false),
  });
}

/** Still delivering: queued, sending, or interrupted (its sender died; it resumes by itself). */
export function isRunning(status: string): boolean {
  return status === 'queued' || status === 'sending' || status === 'interrupted';
}
