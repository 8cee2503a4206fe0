import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { MedicalContactSchema, type MedicalContact, type UpdateContact } from '@contract/medical-contacts.js';
import { apiRequest } from '../../../lib/api-client.js';
import { duplicatesOf } from './contact-errors.js';
import { CONTACTS_URL, contactsQueryKey } from './keys.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';

export async function updateContact({ id, changes }: { id: number; changes: UpdateContact }): Promise<MedicalContact> {
  return MedicalContactSchema.parse(await apiRequest<unknown>('PATCH', `${CONTACTS_URL}/${id}`, changes));
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: updateContact,
    onSuccess: () => notifySuccess('Medical contact updated successfully'),
    // Refused too: a save refused as stale leaves the list to show the change that stands.
    onSettled: () => queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
    onError: (error) => {
      if (!duplicatesOf(error)) notifyFailure(error, 'Failed to update medical contact');
    },
  });
}
