import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { apiRequest } from '../../../lib/api-client.js';
import { GROUPS_URL, groupsQueryKey } from './keys.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';

export async function deleteAuthorizedGroup(id: number): Promise<void> {
  await apiRequest<unknown>('DELETE', `${GROUPS_URL}/${id}`);
}

export function useDeleteAuthorizedGroup() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: deleteAuthorizedGroup,
    onSuccess: async () => {
      notifySuccess('Authorized group deleted successfully');
      await queryClient.invalidateQueries({ queryKey: groupsQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Failed to delete authorized group'),
  });
}
