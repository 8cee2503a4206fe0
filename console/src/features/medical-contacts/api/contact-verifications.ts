import { useQueryClient } from '@tanstack/react-query';
import { VerificationSchema, type Verification } from '@contract/contact-verifications.js';
import type { RecordVerification } from '@contract/medical-contacts.js';
import { apiRequest } from '../../../lib/api-client.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';
import { useIdempotentSubmitMutation } from '../../../lib/use-idempotent-submit-mutation.js';
import { CONTACTS_URL, contactsQueryKey } from './keys.js';

/** The key makes a repeat of the submission (a retry after a lost answer) record it once. */
export async function recordVerification({ id, verification }: { id: number; verification: RecordVerification }, idempotencyKey: string): Promise<Verification> {
  return VerificationSchema.parse(await apiRequest<unknown>('POST', `${CONTACTS_URL}/${id}/verifications`, verification, { idempotencyKey }));
}

/** Records a verification; the list then shows the contact as verified, due or deactivated. */
export function useRecordVerification() {
  const queryClient = useQueryClient();
  return useIdempotentSubmitMutation({
    mutationFn: recordVerification,
    onSuccess: async () => {
      notifySuccess('Verification recorded');
      await queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Failed to record the verification'),
  });
}
