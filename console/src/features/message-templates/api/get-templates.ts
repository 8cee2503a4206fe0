import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MessageTemplateSchema, type MessageTemplate, type MessageTemplateListQuery } from '@contract/message-templates.js';
import { apiRequest } from '../../../lib/api-client.js';
import { TEMPLATES_URL, templateListQueryKey } from './keys.js';

export async function getTemplates(filter: MessageTemplateListQuery): Promise<MessageTemplate[]> {
  const params = new URLSearchParams();
  if (filter.search) params.set('search', filter.search);
  if (filter.type) params.set('type', filter.type);
  if (filter.language) params.set('language', filter.language);
  const query = params.toString();
  return MessageTemplateSchema.array().parse(await apiRequest<unknown>('GET', query ? `${TEMPLATES_URL}?${query}` : TEMPLATES_URL));
}

export const templatesQueryOptions = (filter: MessageTemplateListQuery) =>
  queryOptions({ queryKey: templateListQueryKey(filter), queryFn: () => getTemplates(filter), placeholderData: keepPreviousData });

export function useTemplates(filter: MessageTemplateListQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...templatesQueryOptions(filter), enabled });
}
