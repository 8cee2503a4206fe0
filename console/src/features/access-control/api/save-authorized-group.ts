import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { useIdempotentSubmitMutation } from '../../../lib/use-idempotent-submit-mutation.js';
import {
  AuthorizedGroupSchema,
  type AuthorizedGroup,
  type CreateAuthorizedGroup,
  type UpdateAuthorizedGroup,
} from '@contract/access-control.js';
import { apiRequest } from '../../../lib/api-client.js';
import { GROUPS_URL, groupsQueryKey } from './keys.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';

/** The key makes a repeat of the submission create nothing more (useIdempotentSubmitMutation). */
export async function createAuthorizedGroup(group: CreateAuthorizedGroup, idempotencyKey: string): Promise<AuthorizedGroup> {
  return AuthorizedGroupSchema.parse(await apiRequest<unknown>('POST', GROUPS_URL, group, { idempotencyKey }));
}

export async function updateAuthorizedGroup({ id, changes }: { id: number; changes: UpdateAuthorizedGroup }): Promise<AuthorizedGroup> {
  return AuthorizedGroupSchema.parse(await apiRequest<unknown>('PATCH', `${GROUPS_URL}/${id}`, changes));
}

export function useCreateAuthorizedGroup() {
  const queryClient = useQueryClient();
  return useIdempotentSubmitMutation({
    mutationFn: createAuthorizedGroup,
    onSuccess: async () => {
      notifySuccess('Authorized group created successfully');
      await queryClient.invalidateQueries({ queryKey: groupsQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Failed to create authorized group'),
  });
}

export function useUpdateAuthorizedGroup() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: updateAuthorizedGroup,
    onSuccess: () => notifySuccess('Authorized group updated successfully'),
    onError: (error) => notifyFailure(error, 'Failed to update authorized group'),
    // Refused too: a save refused as stale leaves the list to show the change that stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}
