import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { AdminUserSchema, type AdminUser, type UpdateAdminUser } from '@contract/admin-users.js';
import { apiRequest } from '../../../lib/api-client.js';
import { ADMIN_USERS_URL, adminUsersQueryKey } from './get-admin-users.js';
import { replaceListedUser } from './replace-listed-user.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';

export interface UpdateAdminUserInput {
  id: number;
  changes: UpdateAdminUser;
}

export async function updateAdminUser({ id, changes }: UpdateAdminUserInput): Promise<AdminUser> {
  return AdminUserSchema.parse(await apiRequest<unknown>('PATCH', `${ADMIN_USERS_URL}/${id}`, changes));
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: updateAdminUser,
    onSuccess: async (user) => {
      replaceListedUser(queryClient, user);
      notifySuccess('User Updated', 'User information has been updated successfully.', { alone: true });
      await queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Error', { fallback: 'Failed to update user', alone: true }),
  });
}
