import { useQuery } from '@tanstack/react-query';
import { MissingTemplateLanguagesSchema, type MissingTemplateLanguages } from '@contract/message-templates.js';
import { apiRequest } from '../../../lib/api-client.js';
import { missingLanguagesQueryKey, TEMPLATES_URL } from './keys.js';

/** Per type the bot replies with, the offered languages without an active template. */
export async function getMissingLanguages(): Promise<MissingTemplateLanguages[]> {
  return MissingTemplateLanguagesSchema.array().parse(await apiRequest<unknown>('GET', `${TEMPLATES_URL}/missing-languages`));
}

export function useMissingLanguages() {
  return useQuery({ queryKey: missingLanguagesQueryKey, queryFn: getMissingLanguages });
}
