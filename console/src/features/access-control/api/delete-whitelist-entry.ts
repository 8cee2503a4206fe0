import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useInvalidateAccessLists } from './invalidate-access-lists.js';
import { WHITELIST_URL } from './keys.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';

export async function deleteWhitelistEntry(id: number): Promise<void> {
  await apiRequest<unknown>('DELETE', `${WHITELIST_URL}/${id}`);
}

export function useDeleteWhitelistEntry() {
  const invalidate = useInvalidateAccessLists();
  return useSubmitMutation({
    mutationFn: deleteWhitelistEntry,
    onSuccess: async () => {
      notifySuccess('Admin removed from whitelist successfully');
      await invalidate();
    },
    onError: (error) => notifyFailure(error, 'Failed to remove admin from whitelist'),
  });
}
