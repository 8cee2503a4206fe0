import type { BotLogFilter } from '@contract/bot-logs.js';

/** The bot logs' address and the cache key of a filter's first page. */
export const BOT_LOGS_URL = '/api/bot-logs';

export const botLogsFirstPageQueryKey = (filter: BotLogFilter) => [BOT_LOGS_URL, 'first-page', filter] as const;
