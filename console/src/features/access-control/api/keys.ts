/** The access-control addresses and cache keys; writes invalidate by the list's first key element. */
export const GROUPS_URL = '/api/authorized-groups';
export const WHITELIST_URL = '/api/admin-whitelist';

export const groupsQueryKey = [GROUPS_URL] as const;
export const groupListQueryKey = (search: string) => [GROUPS_URL, 'list', search] as const;
export const whitelistQueryKey = [WHITELIST_URL] as const;
export const whitelistListQueryKey = (search: string) => [WHITELIST_URL, 'list', search] as const;
