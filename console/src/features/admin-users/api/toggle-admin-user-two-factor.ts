import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { AdminUserSchema, type AdminUser, type ToggleTwoFactorSchema } from '@contract/admin-users.js';
import { apiRequest } from '../../../lib/api-client.js';
import { ADMIN_USERS_URL, adminUsersQueryKey } from './get-admin-users.js';
import { replaceListedUser } from './replace-listed-user.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';

export type ToggleTwoFactorInput = { id: number } & z.input<typeof ToggleTwoFactorSchema>;

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
