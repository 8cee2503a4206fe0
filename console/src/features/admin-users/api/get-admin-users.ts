import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { AdminUserSchema, type AdminUser } from '@contract/admin-users.js';
import { apiRequest } from '../../../lib/api-client.js';

export const ADMIN_USERS_URL = '/api/admin/users';

/** The list's cache key; every admin-user mutation invalidates it (spec §4). */
export const adminUsersQueryKey = [ADMIN_USERS_URL] as const;

const AdminUserListSchema = z.array(AdminUserSchema);

/** Every admin user, checked against the shared contract. */
export async function getAdminUsers(): Promise<AdminUser[]> {
  return AdminUserListSchema.parse(await apiRequest<unknown>('GET', ADMIN_USERS_URL));
}

export function adminUsersQueryOptions() {
  return queryOptions({ queryKey: adminUsersQueryKey, queryFn: getAdminUsers });
}

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}
