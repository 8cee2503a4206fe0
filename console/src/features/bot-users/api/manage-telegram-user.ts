import { useQueryClient } from '@tanstack/react-query';
import { TelegramUserDetailSchema, type TelegramUserUpdate } from '@contract/bot-users.js';
import { apiRequest } from '../../../lib/api-client.js';
import { TELEGRAM_USERS_URL, telegramUsersQueryKey } from './keys.js';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';

/** Admin actions on a bot user; each refreshes the list, the details and the usage. */
function useUserAction(request: (telegramId: string) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: async (telegramId: string) => TelegramUserDetailSchema.parse(await request(telegramId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: telegramUsersQueryKey }),
  });
}

export function useResetDailyUsage() {
  return useUserAction((telegramId) => apiRequest('POST', `${TELEGRAM_USERS_URL}/${telegramId}/reset-daily-usage`));
}

export function useSetUserBlocked(isBlocked: boolean) {
  return useUserAction((telegramId) => apiRequest('PATCH', `${TELEGRAM_USERS_URL}/${telegramId}`, { isBlocked } satisfies TelegramUserUpdate));
}
