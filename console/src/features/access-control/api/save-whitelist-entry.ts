import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { useIdempotentSubmitMutation } from '../../../lib/use-idempotent-submit-mutation.js';
import {
  WhitelistEntrySchema,
  type CreateWhitelistEntry,
  type UpdateWhitelistEntry,
  type WhitelistEntry,
} from '@contract/access-control.js';
import { apiRequest } from '../../../lib/api-client.js';
import { useInvalidateAccessLists } from './invalidate-access-lists.js';
import { WHITELIST_URL } from './keys.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';

/** The key makes a repeat of the submission (a retry after a lost answer) create nothing more (useIdempotentSubmitMutation). */
export async function createWhitelistEntry(entry: CreateWhitelistEntry, idempotencyKey: string): Promise<WhitelistEntry> {
  return WhitelistEntrySchema.parse(await apiRequest<unknown>('POST', WHITELIST_URL, entry, { idempotencyKey }));
}

export async function updateWhitelistEntry({ id, changes }: { id: number; changes: UpdateWhitelistEntry }): Promise<WhitelistEntry> {
  return WhitelistEntrySchema.parse(await apiRequest<unknown>('PATCH', `${WHITELIST_URL}/${id}`, changes));
}

export function useCreateWhitelistEntry() {
  const invalidate = useInvalidateAccessLists();
  return useIdempotentSubmitMutation({
    mutationFn: createWhitelistEntry,
    onSuccess: async () => {
      notifySuccess('Admin added to whitelist successfully');
      await invalidate();
    },
    onError: (error) => notifyFailure(error, 'Failed to add admin to whitelist'),
  });
}

export function useUpdateWhitelistEntry() {
  const invalidate = useInvalidateAccessLists();
  return useSubmitMutation({
    mutationFn: updateWhitelistEntry,
    onSuccess: async () => {
      notifySuccess('Admin updated successfully');
      await invalidate();
    },
    onError: (error) => notifyFailure(error, 'Failed to update admin'),
  });
}
