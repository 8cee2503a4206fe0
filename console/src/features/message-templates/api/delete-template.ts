import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { apiRequest } from '../../../lib/api-client.js';
import { TEMPLATES_URL, templatesQueryKey } from './keys.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';

export async function deleteTemplate(id: number): Promise<void> {
  await apiRequest<unknown>('DELETE', `${TEMPLATES_URL}/${id}`);
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: deleteTemplate,
    onSuccess: async () => {
      notifySuccess('Template deleted successfully');
      await queryClient.invalidateQueries({ queryKey: templatesQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Failed to delete template'),
  });
}
