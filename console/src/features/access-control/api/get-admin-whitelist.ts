import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { WhitelistEntrySchema, type WhitelistEntry } from '@contract/access-control.js';
import { apiRequest } from '../../../lib/api-client.js';
import { WHITELIST_URL, whitelistListQueryKey } from './keys.js';

export async function getAdminWhitelist(search: string): Promise<WhitelistEntry[]> {
  const url = search ? `${WHITELIST_URL}?search=${encodeURIComponent(search)}` : WHITELIST_URL;
  return WhitelistEntrySchema.array().parse(await apiRequest<unknown>('GET', url));
}

export const adminWhitelistQueryOptions = (search: string) =>
  queryOptions({ queryKey: whitelistListQueryKey(search), queryFn: () => getAdminWhitelist(search), placeholderData: keepPreviousData });

export function useAdminWhitelist(search: string) {
  return useQuery(adminWhitelistQueryOptions(search));
}
