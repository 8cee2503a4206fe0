import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { MessageTemplateSchema, type CreateMessageTemplate, type MessageTemplate } from '@contract/message-templates.js';
import { apiRequest, newIdempotencyKey } from '../../../lib/api-client.js';
import { TEMPLATES_URL, templatesQueryKey } from './keys.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';
import { activeReplacementNote } from '../template-languages.js';

/** One call is one submission: its key makes a repeat of it (a retry after a lost answer) create nothing more. */
export async function createTemplate(template: CreateMessageTemplate): Promise<MessageTemplate> {
  return MessageTemplateSchema.parse(await apiRequest<unknown>('POST', TEMPLATES_URL, template, { idempotencyKey: newIdempotencyKey() }));
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: createTemplate,
    onSuccess: async (saved) => {
      notifySuccess('Template created successfully', activeReplacementNote(saved));
      await queryClient.invalidateQueries({ queryKey: templatesQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Failed to create template'),
  });
}
