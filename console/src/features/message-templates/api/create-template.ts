import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageTemplateSchema, type CreateMessageTemplate, type MessageTemplate } from '../../../../../api/contract/message-templates.js';
import { apiRequest } from '../../../lib/api-client.js';
import { notifyFailure, notifySuccess } from '../notify.js';
import { TEMPLATES_URL, templatesQueryKey } from './keys.js';

export async function createTemplate(template: CreateMessageTemplate): Promise<MessageTemplate> {
  return MessageTemplateSchema.parse(await apiRequest<unknown>('POST', TEMPLATES_URL, template));
}

export function useCreateTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTemplate,
    onSuccess: async () => {
      notifySuccess('Template created successfully');
      await queryClient.invalidateQueries({ queryKey: templatesQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Failed to create template'),
  });
}
