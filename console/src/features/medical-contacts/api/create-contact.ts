import { useQueryClient } from '@tanstack/react-query';
import { useIdempotentSubmitMutation } from '../../../lib/use-idempotent-submit-mutation.js';
import { MedicalContactSchema, type CreateContact, type MedicalContact } from '@contract/medical-contacts.js';
import { apiRequest } from '../../../lib/api-client.js';
import { duplicatesOf } from './contact-errors.js';
import { CONTACTS_URL, contactsQueryKey } from './keys.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';

/** The create body as typed: fields left out get the contract's defaults on the server. */
export type NewContact = Partial<CreateContact> & Pick<CreateContact, 'name' | 'phone' | 'city' | 'region' | 'country'>;

/** The key makes a repeat of the submission (a retry after a lost answer) create nothing more (useIdempotentSubmitMutation). */
export async function createContact(contact: NewContact, idempotencyKey: string): Promise<MedicalContact> {
  return MedicalContactSchema.parse(await apiRequest<unknown>('POST', CONTACTS_URL, contact, { idempotencyKey }));
}

/** A 409 (it looks like an existing contact) is left to the dialog, which offers "Save anyway". */
export function useCreateContact() {
  const queryClient = useQueryClient();
  return useIdempotentSubmitMutation({
    mutationFn: createContact,
    onSuccess: async () => {
      notifySuccess('Medical contact added successfully');
      await queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
    onError: (error) => {
      if (!duplicatesOf(error)) notifyFailure(error, 'Failed to add medical contact');
    },
  });
}
