import { queryOptions, useQuery } from '@tanstack/react-query';
import { BotLogListResponseSchema, type BotLogFilter, type BotLogListResponse } from '@contract/bot-logs.js';
import { apiRequest } from '../../../lib/api-client.js';
import { logQueryString } from '../log-filter.js';
import { BOT_LOGS_URL, botLogsFirstPageQueryKey } from './keys.js';

/** Where in the list to read: the newest page, older than `before`, or newer than `after`. */
export interface LogPageCursor {
  before?: number;
  after?: number;
}

/** One page of logs matching the filter, newest first, with counts unless it is an older page. */
export async function getBotLogs(filter: BotLogFilter, cursor: LogPageCursor = {}): Promise<BotLogListResponse> {
  return BotLogListResponseSchema.parse(await apiRequest<unknown>('GET', `${BOT_LOGS_URL}?${logQueryString({ ...filter, ...cursor })}`));
}

export function botLogsFirstPageQueryOptions(filter: BotLogFilter) {
  return queryOptions({ queryKey: botLogsFirstPageQueryKey(filter), queryFn: () => getBotLogs(filter) });
}

/** The newest page and the counts over the whole filter; the feed adds older and newer rows to it. */
export function useBotLogsFirstPage(filter: BotLogFilter, { enabled = true }: { enabled?: boolean } = {}) {
  // Always fresh on arrival: the screen is about what the bot is doing now.
  return useQuery({ ...botLogsFirstPageQueryOptions(filter), staleTime: 0, enabled });
}
