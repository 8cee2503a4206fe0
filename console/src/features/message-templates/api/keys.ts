import type { MessageTemplateListQuery } from '@contract/message-templates.js';
import type { LanguageCode } from '@contract/languages.js';

/** The templates' addresses and cache keys; every write invalidates `templatesQueryKey`. */
export const TEMPLATES_URL = '/api/message-templates';

export const templatesQueryKey = [TEMPLATES_URL] as const;
export const templateListQueryKey = (filter: MessageTemplateListQuery) => [TEMPLATES_URL, 'list', filter] as const;
export const templatePreviewQueryKey = (content: string, telegramUserId: number | undefined, language: LanguageCode | undefined) =>
  [TEMPLATES_URL, 'preview', content, telegramUserId ?? null, language ?? null] as const;
/** Under templatesQueryKey, so every template write refreshes it. */
export const missingLanguagesQueryKey = [TEMPLATES_URL, 'missing-languages'] as const;
export const previewUsersQueryKey = (search: string) => [`${TEMPLATES_URL}/preview-users`, search] as const;
