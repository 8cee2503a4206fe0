/** The broadcast screen's addresses and cache keys; every write invalidates `broadcastsQueryKey`. */
export const BROADCAST_HISTORY_URL = '/api/broadcast-history';
export const BROADCASTS_URL = '/api/broadcasts';
export const TEMPLATES_URL = '/api/message-templates';
/** Bot users to pick recipients from. */
export const RECIPIENTS_URL = '/api/telegram-users';

export const broadcastsQueryKey = [BROADCAST_HISTORY_URL] as const;
export const broadcastQueryKey = (id: number) => [BROADCASTS_URL, id] as const;
/** Under the templates' own key, so a template edit elsewhere refreshes the picker too. */
export const pickerTemplatesQueryKey = [TEMPLATES_URL, 'broadcast-picker'] as const;
/** Under the bot users' own key, so an admin action on a user refreshes the checklist too. */
export const recipientPageQueryKey = (search: string, page: number) => [RECIPIENTS_URL, 'broadcast-recipients', search, page] as const;
export const userSummaryQueryKey = [RECIPIENTS_URL, 'summary'] as const;
/** Under the bot users' key too: a user blocked or a language changed elsewhere changes who a broadcast reaches. */
export const audienceQueryKey = (target: 'all' | 'selected', telegramIds: string[]) => [RECIPIENTS_URL, 'broadcast-audience', target, telegramIds] as const;
