/** The broadcast screen's addresses and cache keys; every write invalidates `broadcastsQueryKey`. */
export const BROADCAST_HISTORY_URL = '/api/broadcast-history';
export const BROADCASTS_URL = '/api/broadcasts';
export const TEMPLATES_URL = '/api/message-templates';
/**
 * Bot users to pick recipients from. There is no GET /api/telegram-users yet, so the checklist
 * reads the simulated users of the Bot Sandbox: it works only with the built-in simulator.
 */
export const RECIPIENTS_URL = '/api/bot-sandbox/users';

export const broadcastsQueryKey = [BROADCAST_HISTORY_URL] as const;
export const broadcastQueryKey = (id: number) => [BROADCASTS_URL, id] as const;
/** Under the templates' own key, so a template edit elsewhere refreshes the picker too. */
export const pickerTemplatesQueryKey = [TEMPLATES_URL, 'broadcast-picker'] as const;
export const recipientsQueryKey = [RECIPIENTS_URL, 'broadcast-recipients'] as const;
