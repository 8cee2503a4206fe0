import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AuthorizedGroupSchema, type AuthorizedGroup } from '@contract/access-control.js';
import { apiRequest } from '../../../lib/api-client.js';
import { GROUPS_URL, groupListQueryKey } from './keys.js';

export async function getAuthorizedGroups(search: string): Promise<AuthorizedGroup[]> {
  const url = search ? `${GROUPS_URL}?search=${encodeURIComponent(search)}` : GROUPS_URL;
  return AuthorizedGroupSchema.array().parse(await apiRequest<unknown>('GET', url));
}

export const authorizedGroupsQueryOptions = (search: string) =>
  queryOptions({ queryKey: groupListQueryKey(search), queryFn: () => getAuthorizedGroups(search), placeholderData: keepPreviousData });

export function useAuthorizedGroups(search: string) {
  return useQuery(authorizedGroupsQueryOptions(search));
}
