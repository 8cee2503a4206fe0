import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BroadcastAudienceSchema, type BroadcastAudience, type BroadcastAudienceQuery } from '@contract/broadcasts.js';
import { apiRequest } from '../../../lib/api-client.js';
import { audienceQueryKey } from './keys.js';
import type { BroadcastType } from '../compose-state.js';

/** Who a broadcast to this target would reach, by language; a selection with nobody ticked asks nothing. */
export function useBroadcastAudience(type: BroadcastType, selectedUsers: ReadonlySet<string>) {
  const ids = type === 'selected' ? [...selectedUsers].sort() : [];
  const body: BroadcastAudienceQuery = type === 'selected' ? { targetType: 'selected', targetUsers: ids.map(Number) } : { targetType: 'all' };
  return useQuery({
    queryKey: audienceQueryKey(type === 'selected' ? 'selected' : 'all', ids),
    queryFn: async (): Promise<BroadcastAudience> =>
      BroadcastAudienceSchema.parse(await apiRequest<unknown>('POST', '/api/broadcast-audience', body)),
    enabled: type !== 'selected' || ids.length > 0,
    placeholderData: keepPreviousData,
  });
}
