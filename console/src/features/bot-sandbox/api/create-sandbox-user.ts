import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { SandboxUserSchema, type CreateSandboxUserForm, type SandboxUser } from '@contract/bot-sandbox.js';
import { apiRequest, errorMessage } from '../../../lib/api-client.js';
import { notifyError, notifySuccess } from '../../../lib/notify.js';
import { sandboxUsersQueryKey } from './keys.js';

export async function createSandboxUser(user: CreateSandboxUserForm): Promise<SandboxUser> {
  return SandboxUserSchema.parse(await apiRequest<unknown>('POST', sandboxUsersQueryKey[0], user));
}

export function useCreateSandboxUser() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: createSandboxUser,
    onSuccess: async (user) => {
      notifySuccess('Simulated User Created', `${user.firstName} (${user.id}) can now chat with the bot.`);
      await queryClient.invalidateQueries({ queryKey: sandboxUsersQueryKey });
    },
    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to create the simulated user')),
  });
}
