import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { SandboxGroupSchema, type GroupMemberBodySchema, type SandboxGroup } from '@contract/bot-sandbox.js';
import { apiRequest, errorMessage } from '../../../lib/api-client.js';
import { notifyError, notifySuccess } from '../../../lib/notify.js';
import { SANDBOX_URL, sandboxGroupsQueryKey } from './keys.js';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';

export interface MembershipChange {
  action: 'join' | 'leave';
  group: Pick<SandboxGroup, 'id' | 'title'>;
  userId: number;
}

/** The user joins or leaves a group; Telegram tells the bot, which records the membership. */
export async function changeGroupMembership({ action, group, userId }: MembershipChange): Promise<SandboxGroup> {
  const url = `${SANDBOX_URL}/groups/${group.id}/members`;
  const answer = action === 'join' ? await apiRequest<unknown>('POST', url, { userId } satisfies z.input<typeof GroupMemberBodySchema>) : await apiRequest<unknown>('DELETE', `${url}/${userId}`);
  return SandboxGroupSchema.parse(answer);
}

export function useChangeGroupMembership() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: changeGroupMembership,
    onSuccess: async (updated, { action }) => {
      queryClient.setQueryData<SandboxGroup[]>(sandboxGroupsQueryKey, (groups) =>
        groups?.map((group) => (group.id === updated.id ? updated : group)),
      );
      notifySuccess(action === 'join' ? 'Joined the group' : 'Left the group', updated.title);
      await queryClient.invalidateQueries({ queryKey: sandboxGroupsQueryKey });
    },
    onError: (error, { action, group }) =>
      notifyError('Error', errorMessage(error, `Failed to ${action} ${group.title}`)),
  });
}
