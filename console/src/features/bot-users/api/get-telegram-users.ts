import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TelegramUsersPageSchema, type TelegramUsersPage } from '@contract/bot-users.js';
import { apiRequest } from '../../../lib/api-client.js';
import { listQueryString, TELEGRAM_USERS_URL, telegramUserListQueryKey, type TelegramUserListParams } from './keys.js';

/** One page of the bot users matching the filter, with the summary over all users. */
export async function getTelegramUsers(params: TelegramUserListParams): Promise<TelegramUsersPage> {
  return TelegramUsersPageSchema.parse(await apiRequest<unknown>('GET', `${TELEGRAM_USERS_URL}?${listQueryString(params)}`));
}

/** The list keeps showing the previous page while the next one loads, so paging does not flash. */
export function useTelegramUsers(params: TelegramUserListParams, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: telegramUserListQueryKey(params), queryFn: () => getTelegramUsers(params), placeholderData: keepPreviousData, enabled });
}
