import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { apiRequest } from '../../../lib/api-client.js';
import { CONTACTS_URL, contactsQueryKey } from './keys.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';

export async function deleteContact(id: number): Promise<void> {
  await apiRequest<unknown>('DELETE', `${CONTACTS_URL}/${id}`);
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: deleteContact,
    onSuccess: async () => {
      notifySuccess('Medical contact deleted successfully');
      await queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Failed to delete medical contact'),
  });
}
