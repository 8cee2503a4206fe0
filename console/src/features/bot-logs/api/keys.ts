import type { BotLogFilter } from '../../../../../api/contract/bot-logs.js';

/** The bot logs' address and cache keys. */
export const BOT_LOGS_URL = '/api/bot-logs';

export const botLogsQueryKey = [BOT_LOGS_URL] as const;
export const botLogsFirstPageQueryKey = (filter: BotLogFilter) => [BOT_LOGS_URL, 'first-page', filter] as const;
