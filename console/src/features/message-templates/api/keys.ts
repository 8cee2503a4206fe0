import type { MessageTemplateListQuery } from '@contract/message-templates.js';

/** The templates' addresses and cache keys; every write invalidates `templatesQueryKey`. */
export const TEMPLATES_URL = '/api/message-templates';

export const templatesQueryKey = [TEMPLATES_URL] as const;
export const templateListQueryKey = (filter: MessageTemplateListQuery) => [TEMPLATES_URL, 'list', filter] as const;
export const templatePreviewQueryKey = (content: string, telegramUserId: number | undefined) =>
  [TEMPLATES_URL, 'preview', content, telegramUserId ?? null] as const;
export const previewUsersQueryKey = (search: string) => [`${TEMPLATES_URL}/preview-users`, search] as const;
