import { useQueryClient } from '@tanstack/react-query';
import { groupsQueryKey, whitelistQueryKey } from './keys.js';

/** After a whitelist write: the whitelist, and the groups, whose "members losing access" counts depend on it. */
export function useInvalidateAccessLists(): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: whitelistQueryKey }), queryClient.invalidateQueries({ queryKey: groupsQueryKey })]);
}
