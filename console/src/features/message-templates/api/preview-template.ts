import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  PreviewUserSchema,
  TemplatePreviewSchema,
  type PreviewUser,
  type TemplatePreview,
  type TemplatePreviewRequest,
} from '@contract/message-templates.js';
import type { LanguageCode } from '@contract/languages.js';
import { apiRequest } from '../../../lib/api-client.js';
import { TEMPLATES_URL, previewUsersQueryKey, templatePreviewQueryKey } from './keys.js';

/** The content rendered on the server exactly as the bot renders it. */
export async function previewTemplate(content: string, telegramUserId?: number, language?: LanguageCode): Promise<TemplatePreview> {
  return TemplatePreviewSchema.parse(await apiRequest<unknown>('POST', `${TEMPLATES_URL}/preview`, { content, telegramUserId, language } satisfies TemplatePreviewRequest));
}

/** `language` chooses the sample values (names, city) when no bot user fills the placeholders. */
export function useTemplatePreview(content: string, telegramUserId?: number, language?: LanguageCode, enabled = true) {
  return useQuery({
    queryKey: templatePreviewQueryKey(content, telegramUserId, language),
    queryFn: () => previewTemplate(content, telegramUserId, language),
    enabled: enabled && content.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export async function getPreviewUsers(search: string): Promise<PreviewUser[]> {
  const query = search ? `?search=${encodeURIComponent(search)}` : '';
  return PreviewUserSchema.array().parse(await apiRequest<unknown>('GET', `${TEMPLATES_URL}/preview-users${query}`));
}

export function usePreviewUsers(search: string) {
  return useQuery({ queryKey: previewUsersQueryKey(search), queryFn: () => getPreviewUsers(search), placeholderData: keepPreviousData });
}
