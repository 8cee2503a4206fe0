import { useQuery } from '@tanstack/react-query';
import { DailyUsageSchema, UserMembershipSchema, TelegramUserDetailSchema } from '@contract/bot-users.js';
import { apiRequest } from '../../../lib/api-client.js';
import { dailyUsageQueryKey, membershipsQueryKey, TELEGRAM_USERS_URL, telegramUserQueryKey } from './keys.js';

/** One bot user with their recent requests (the details dialog). */
export function useTelegramUser(telegramId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    enabled,
    queryKey: telegramUserQueryKey(telegramId),
    queryFn: async () => TelegramUserDetailSchema.parse(await apiRequest<unknown>('GET', `${TELEGRAM_USERS_URL}/${telegramId}`)),
  });
}

/** GET /api/daily-usage?userId=…, only while a user is selected (spec §7). */
export function useDailyUsage(telegramId: string) {
  return useQuery({
    queryKey: dailyUsageQueryKey(telegramId),
    queryFn: async () => DailyUsageSchema.parse(await apiRequest<unknown>('GET', `/api/daily-usage?userId=${telegramId}`)),
  });
}

/** GET /api/user-memberships?userId=…, only while a user is selected (spec §7). */
export function useUserMemberships(telegramId: string) {
  return useQuery({
    queryKey: membershipsQueryKey(telegramId),
    queryFn: async () => UserMembershipSchema.array().parse(await apiRequest<unknown>('GET', `/api/user-memberships?userId=${telegramId}`)),
  });
}
