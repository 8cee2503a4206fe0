import type { QueryClient } from '@tanstack/react-query';
import type { AdminUser } from '@contract/admin-users.js';
import { adminUsersQueryKey } from './get-admin-users.js';

/**
 * Puts the server's answer into the cached list at once, so a row's switch settles on the new
 * value without waiting for the refetch that follows.
 */
export function replaceListedUser(queryClient: QueryClient, user: AdminUser): void {
  queryClient.setQueryData<AdminUser[]>(adminUsersQueryKey, (users) =>
    users?.map((listed) => (listed.id === user.id ? user : listed)),
  );
}
