import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { MessageTemplateSchema, type MessageTemplate, type UpdateMessageTemplate } from '@contract/message-templates.js';
import { apiRequest } from '../../../lib/api-client.js';
import { TEMPLATES_URL, templatesQueryKey } from './keys.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';
import { activeReplacementNote } from '../template-languages.js';

export async function updateTemplate({ id, changes }: { id: number; changes: UpdateMessageTemplate }): Promise<MessageTemplate> {
  return MessageTemplateSchema.parse(await apiRequest<unknown>('PATCH', `${TEMPLATES_URL}/${id}`, changes));
}

export function useUpdateTemplate() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: updateTemplate,
    onSuccess: (saved) => notifySuccess('Template updated successfully', activeReplacementNote(saved)),
    onError: (error) => notifyFailure(error, 'Failed to update template'),
    // Refused too: a save refused as stale leaves the list to show the change that stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: templatesQueryKey }),
  });
}
