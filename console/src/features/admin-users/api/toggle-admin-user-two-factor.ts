import { useQueryClient } from '@tanstack/react-query';
import { AdminUserSchema, type AdminUser } from '@contract/admin-users.js';
import { apiRequest } from '../../../lib/api-client.js';
import { ADMIN_USERS_URL, adminUsersQueryKey } from './get-admin-users.js';
import { replaceListedUser } from './replace-listed-user.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';

export interface ToggleTwoFactorInput {
  id: number;
  enable: boolean;
}

export async function toggleAdminUserTwoFactor({ id, enable }: ToggleTwoFactorInput): Promise<AdminUser> {
  return AdminUserSchema.parse(await apiRequest<unknown>('POST', `${ADMIN_USERS_URL}/${id}/toggle-2fa`, { enable }));
}

export function useToggleAdminUserTwoFactor() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: toggleAdminUserTwoFactor,
    onSuccess: async (user) => {
      replaceListedUser(queryClient, user);
      notifySuccess('2FA Updated', 'Two-factor authentication has been updated.', { alone: true });
      await queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Error', { fallback: 'Failed to update 2FA', alone: true }),
  });
}
