import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { apiRequest } from '../../../lib/api-client.js';
import { ADMIN_USERS_URL, adminUsersQueryKey } from './get-admin-users.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';

export async function deleteAdminUser(id: number): Promise<void> {
  await apiRequest<{ success: true }>('DELETE', `${ADMIN_USERS_URL}/${id}`);
}

export function useDeleteAdminUser() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: deleteAdminUser,
    onSuccess: async () => {
      notifySuccess('User Deleted', 'User has been deleted successfully.', { alone: true });
      await queryClient.invalidateQueries({ queryKey: adminUsersQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Error', { fallback: 'Failed to delete user', alone: true }),
  });
}
