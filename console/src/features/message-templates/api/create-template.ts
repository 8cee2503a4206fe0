import { useQueryClient } from '@tanstack/react-query';
import { useIdempotentSubmitMutation } from '../../../lib/use-idempotent-submit-mutation.js';
import { MessageTemplateSchema, type CreateMessageTemplate, type MessageTemplate } from '@contract/message-templates.js';
import { apiRequest } from '../../../lib/api-client.js';
import { TEMPLATES_URL, templatesQueryKey } from './keys.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';
import { activeReplacementNote } from '../template-languages.js';

/** The key makes a repeat of the submission (a retry after a lost answer) create nothing more (useIdempotentSubmitMutation). */
export async function createTemplate(template: CreateMessageTemplate, idempotencyKey: string): Promise<MessageTemplate> {
  return MessageTemplateSchema.parse(await apiRequest<unknown>('POST', TEMPLATES_URL, template, { idempotencyKey }));
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useIdempotentSubmitMutation({
    mutationFn: createTemplate,
    onSuccess: async (saved) => {
      notifySuccess('Template created successfully', activeReplacementNote(saved));
      await queryClient.invalidateQueries({ queryKey: templatesQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Failed to create template'),
  });
}
