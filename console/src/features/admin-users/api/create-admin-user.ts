import { useQueryClient } from '@tanstack/react-query';
import { useIdempotentSubmitMutation } from '../../../lib/use-idempotent-submit-mutation.js';
import { AdminUserSchema, type AdminUser, type CreateAdminUserForm } from '@contract/admin-users.js';
import { apiRequest } from '../../../lib/api-client.js';
import { ADMIN_USERS_URL, adminUsersQueryKey } from './get-admin-users.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';

/** The key makes a repeat of the submission (a retry after a lost answer) create nothing more (useIdempotentSubmitMutation). */
export async function createAdminUser(user: CreateAdminUserForm, idempotencyKey: string): Promise<AdminUser> {
  return AdminUserSchema.parse(await apiRequest<unknown>('POST', ADMIN_USERS_URL, user, { idempotencyKey }));
}

export function useCreateAdminUser() {
  const queryClient = useQueryClient();
  return useIdempotentSubmitMutation({
    mutationFn: createAdminUser,
    onSuccess: async () => {
      notifySuccess('User Created', 'The new user has been created successfully.', { alone: true });
      await queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Error', { fallback: 'Failed to create user', alone: true }),
  });
}
