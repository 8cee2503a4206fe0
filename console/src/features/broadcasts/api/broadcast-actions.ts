import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { apiRequest } from '../../../lib/api-client.js';
import { BROADCASTS_URL, broadcastQueryKey, broadcastsQueryKey } from './keys.js';
import { notifyFailureWithReason, notifySuccess } from '../../../lib/notify.js';

/** Stops a running broadcast: recipients not yet sent to are not sent to. */
export async function cancelBroadcast(id: number): Promise<void> {
  await apiRequest<unknown>('POST', `${BROADCASTS_URL}/${id}/cancel`);
}

/** Sends the broadcast again to the recipients it failed for, and to no one else. */
export async function retryFailedRecipients(id: number): Promise<void> {
  await apiRequest<unknown>('POST', `${BROADCASTS_URL}/${id}/retry-failed`);
}

/**
 * Sends the broadcast again to the recipients whose message was in flight when a sender died: some of
 * them may already have it, which is why the console asks first.
 */
export async function sendToUnknownRecipients(id: number): Promise<void> {
  await apiRequest<unknown>('POST', `${BROADCASTS_URL}/${id}/send-unknown`);
}

function useBroadcastAction(action: (id: number) => Promise<void>, success: string, failure: string) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: action,
    onSuccess: async (_result, id) => {
      notifySuccess(success);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: broadcastQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: broadcastsQueryKey }),
      ]);
    },
    onError: (error) => notifyFailureWithReason(error, failure),
  });
}

export function useCancelBroadcast() {
  return useBroadcastAction(cancelBroadcast, 'Broadcast cancelled', 'Failed to cancel broadcast');
}

export function useRetryFailed() {
  return useBroadcastAction(retryFailedRecipients, 'Retrying the failed recipients', 'Failed to retry broadcast');
}

export function useSendToUnknown() {
  return useBroadcastAction(sendToUnknownRecipients, 'Sending to the unknown recipients', 'Failed to send to the unknown recipients');
}
