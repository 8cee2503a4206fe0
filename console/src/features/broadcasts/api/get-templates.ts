import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { MessageTemplateSchema, type MessageTemplate } from '@contract/message-templates.js';
import { apiRequest } from '../../../lib/api-client.js';
import { TEMPLATES_URL, pickerTemplatesQueryKey } from './keys.js';

export async function getTemplates(): Promise<MessageTemplate[]> {
  return z.array(MessageTemplateSchema).parse(await apiRequest<unknown>('GET', TEMPLATES_URL));
}

/** Every template: the stats card counts them all, the picker offers only the active ones (spec §2.6). */
export function useTemplates() {
  return useQuery(queryOptions({ queryKey: pickerTemplatesQueryKey, queryFn: getTemplates }));
}
