import type { TelegramUserFilter } from '@contract/bot-users.js';
import type { LanguageCode } from '@contract/languages.js';

/** The bot users' addresses and cache keys; an admin action invalidates `telegramUsersQueryKey`. */
export const TELEGRAM_USERS_URL = '/api/telegram-users';

export interface TelegramUserListParams {
  filter: { search?: string; status: TelegramUserFilter['status']; language?: LanguageCode };
  page: number;
  pageSize: number;
}

export const telegramUsersQueryKey = [TELEGRAM_USERS_URL] as const;
export const telegramUserListQueryKey = (params: TelegramUserListParams) => [TELEGRAM_USERS_URL, 'list', params] as const;
export const telegramUserQueryKey = (telegramId: string) => [TELEGRAM_USERS_URL, 'detail', telegramId] as const;
export const dailyUsageQueryKey = (telegramId: string) => [TELEGRAM_USERS_URL, 'daily-usage', telegramId] as const;
export const membershipsQueryKey = (telegramId: string) => [TELEGRAM_USERS_URL, 'memberships', telegramId] as const;

/** A query string of the set values only, so cache keys and addresses stay stable. */
export function listQueryString({ filter, page, pageSize }: TelegramUserListParams): string {
  const query = new URLSearchParams();
  if (filter.search) query.set('search', filter.search);
  if (filter.status !== 'all') query.set('status', filter.status);
  if (filter.language) query.set('language', filter.language);
  query.set('page', String(page));
  query.set('pageSize', String(pageSize));
  return query.toString();
}
