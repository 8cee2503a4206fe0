import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { SandboxUserSchema, type SandboxUser, type UpdateSandboxUser } from '@contract/bot-sandbox.js';
import { apiRequest, errorMessage } from '../../../lib/api-client.js';
import { notifyError, notifySuccess } from '../../../lib/notify.js';
import { sandboxUsersQueryKey } from './keys.js';

export async function setSandboxUserLanguage({ userId, languageCode }: { userId: number } & UpdateSandboxUser): Promise<SandboxUser> {
  return SandboxUserSchema.parse(await apiRequest<unknown>('PATCH', `${sandboxUsersQueryKey[0]}/${userId}`, { languageCode }));
}

/** Changes the language Telegram reports for a simulated user; the bot sees it with their next message. */
export function useSetSandboxUserLanguage() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: setSandboxUserLanguage,
    onSuccess: async (user) => {
      notifySuccess(
        'Language changed',
        user.languageCode
          ? `${user.firstName}'s Telegram now reports ${user.languageCode}: the bot sees it with their next message.`
          : `${user.firstName}'s Telegram now reports no language: the bot answers in its default language.`,
      );
      await queryClient.invalidateQueries({ queryKey: sandboxUsersQueryKey });
    },
    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to change the language')),
  });
}
