import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ConfirmationLinkSchema,
  LinkedAccountSchema,
  LiveConfirmationLinkSchema,
  type ConfirmationLink,
  type LinkedAccount,
  type LiveConfirmationLink,
} from '@contract/self-confirmation.js';
import { apiRequest } from '../../../lib/api-client.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { CONTACTS_URL, confirmationLinkQueryKey, linkedAccountsQueryKey } from './keys.js';

/** Whether the contact has a link waiting to be opened; its address is shown only when it is made. */
export function useLiveConfirmationLink(id: number) {
  return useQuery(
    queryOptions({
      queryKey: confirmationLinkQueryKey(id),
      queryFn: async (): Promise<LiveConfirmationLink> => LiveConfirmationLinkSchema.parse(await apiRequest<unknown>('GET', `${CONTACTS_URL}/${id}/confirmation-link`)),
      staleTime: 0,
    }),
  );
}

export function useCreateConfirmationLink(id: number) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: async (): Promise<ConfirmationLink> => ConfirmationLinkSchema.parse(await apiRequest<unknown>('POST', `${CONTACTS_URL}/${id}/confirmation-link`)),
    onSuccess: async () => {
      notifySuccess('Confirmation link created', 'Any earlier link of this contact no longer works.');
      await queryClient.invalidateQueries({ queryKey: confirmationLinkQueryKey(id) });
    },
    onError: (error) => notifyFailure(error, 'Failed to create the link'),
  });
}

export function useEndConfirmationLink(id: number) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: () => apiRequest<unknown>('DELETE', `${CONTACTS_URL}/${id}/confirmation-link`),
    onSuccess: async () => {
      notifySuccess('Confirmation link ended', 'Opening it now says it is no longer valid.');
      await queryClient.invalidateQueries({ queryKey: confirmationLinkQueryKey(id) });
    },
    onError: (error) => notifyFailure(error, 'Failed to end the link'),
  });
}

export function useLinkedAccounts(id: number) {
  return useQuery(
    queryOptions({
      queryKey: linkedAccountsQueryKey(id),
      queryFn: async (): Promise<LinkedAccount[]> => LinkedAccountSchema.array().parse(await apiRequest<unknown>('GET', `${CONTACTS_URL}/${id}/linked-accounts`)),
      staleTime: 0,
    }),
  );
}

export function useRemoveLinkedAccount(id: number) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (telegramId: number) => apiRequest<unknown>('DELETE', `${CONTACTS_URL}/${id}/linked-accounts/${telegramId}`),
    onSuccess: async () => {
      notifySuccess('Account removed', 'The bot no longer asks it about this contact.');
      await queryClient.invalidateQueries({ queryKey: linkedAccountsQueryKey(id) });
    },
    onError: (error) => notifyFailure(error, 'Failed to remove the account'),
  });
}
