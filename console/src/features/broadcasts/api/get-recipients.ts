import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TelegramUserIdsSchema, TelegramUsersPageSchema, type TelegramUserIds } from '@contract/bot-users.js';
import { apiRequest } from '../../../lib/api-client.js';
import { RECIPIENTS_URL, recipientPageQueryKey, userSummaryQueryKey } from './keys.js';

/** A bot user the checklist offers; `telegramId` is what a selected broadcast targets. */
export interface Recipient {
  telegramId: string;
  name: string;
  username: string | null;
  /** Telegram would refuse a message to them (blocked the bot, or deactivated), or staff blocked them. */
  reachable: boolean;
}

/** Users the checklist shows at once: it pages rather than drawing thousands of checkboxes. */
export const RECIPIENT_PAGE_SIZE = 20;

/** One page of the bot users matching the search (name, @username or Telegram ID), searched by the server. */
export function useRecipientPage(search: string, page: number) {
  return useQuery({
    queryKey: recipientPageQueryKey(search, page),
    queryFn: async () => {
      const query = new URLSearchParams({ page: String(page), pageSize: String(RECIPIENT_PAGE_SIZE) });
      if (search) query.set('search', search);
      const { items, total } = TelegramUsersPageSchema.parse(await apiRequest<unknown>('GET', `${RECIPIENTS_URL}?${query}`));
      const recipients: Recipient[] = items.map((user) => ({
        telegramId: user.telegramId,
        name: [user.firstName, user.lastName].filter(Boolean).join(' ') || `User ${user.telegramId}`,
        username: user.username,
        reachable: user.isActive && !user.isBlocked,
      }));
      return { recipients, total };
    },
    placeholderData: keepPreviousData,
  });
}

/** Every active user matching the search (up to the server's cap), for Select All. */
export async function fetchMatchingRecipientIds(search: string): Promise<TelegramUserIds> {
  const query = new URLSearchParams({ status: 'active' });
  if (search) query.set('search', search);
  return TelegramUserIdsSchema.parse(await apiRequest<unknown>('GET', `${RECIPIENTS_URL}/ids?${query}`));
}

/** The bot users' summary, for the Total Users card and "all N reachable users". */
export function useBotUserSummary() {
  return useQuery({
    queryKey: userSummaryQueryKey,
    queryFn: async () => TelegramUsersPageSchema.parse(await apiRequest<unknown>('GET', `${RECIPIENTS_URL}?pageSize=1`)).summary,
  });
}
