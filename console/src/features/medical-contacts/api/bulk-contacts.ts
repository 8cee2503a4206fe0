import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import type { z } from 'zod';
import { BulkResultSchema, type BulkContactChangesSchema, type BulkResult } from '@contract/medical-contacts.js';
import type { StaffVerificationMethod } from '@contract/contact-verifications.js';
import { apiRequest } from '../../../lib/api-client.js';
import type { ContactFilterParams } from '../contact-query.js';
import { CONTACTS_URL, contactsQueryKey } from './keys.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';
import { formatCount } from '../../../lib/format.js';

/** A bulk call's target: the ticked contacts, or every contact matching the list's filter. */
export type BulkTarget = { ids: number[] } | { filter: ContactFilterParams };
export type BulkChanges = z.input<typeof BulkContactChangesSchema>;

/** `verificationMethod`: how the contacts were verified, when the changes tick Verified. */
export async function bulkUpdateContacts({
  target,
  updates,
  verificationMethod,
}: { target: BulkTarget; updates: BulkChanges; verificationMethod?: StaffVerificationMethod }): Promise<BulkResult> {
  return BulkResultSchema.parse(await apiRequest<unknown>('POST', `${CONTACTS_URL}/bulk-update`, { ...target, updates, verificationMethod }));
}

export async function bulkDeleteContacts(target: BulkTarget): Promise<BulkResult> {
  return BulkResultSchema.parse(await apiRequest<unknown>('POST', `${CONTACTS_URL}/bulk-delete`, target));
}

export function useBulkUpdateContacts() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: bulkUpdateContacts,
    onSuccess: async ({ recordsAffected }) => {
      notifySuccess(`Bulk updated ${formatCount(recordsAffected, 'contact')} successfully`);
      await queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Failed to perform bulk update'),
  });
}

export function useBulkDeleteContacts() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: bulkDeleteContacts,
    onSuccess: async ({ recordsAffected }) => {
      notifySuccess(`Bulk deleted ${formatCount(recordsAffected, 'contact')} successfully`);
      await queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Failed to perform bulk delete'),
  });
}
