import type { z } from 'zod';
import type { ResetPasswordSchema } from '@contract/admin-users.js';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { apiRequest } from '../../../lib/api-client.js';
import { ADMIN_USERS_URL } from './get-admin-users.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';

export type ResetPasswordInput = { id: number } & z.input<typeof ResetPasswordSchema>;

export async function resetAdminUserPassword({ id, newPassword }: ResetPasswordInput): Promise<void> {
  await apiRequest<{ success: true }>('POST', `${ADMIN_USERS_URL}/${id}/reset-password`, { newPassword });
}

/** Nothing listed changes with a password, so unlike the other mutations this one refetches nothing. */
export function useResetAdminUserPassword() {
  return useSubmitMutation({
    mutationFn: resetAdminUserPassword,
    onSuccess: () => notifySuccess('Password Reset', 'User password has been reset successfully.', { alone: true }),
    onError: (error) => notifyFailure(error, 'Error', { fallback: 'Failed to reset password', alone: true }),
  });
}
