import { useQueryClient } from '@tanstack/react-query';
import { useIdempotentSubmitMutation } from '../../../lib/use-idempotent-submit-mutation.js';
import { BroadcastQueuedSchema, type Broadcast, type BroadcastSend } from '@contract/broadcasts.js';
import { apiRequest } from '../../../lib/api-client.js';
import { broadcastsQueryKey } from './keys.js';
import { notifyFailureWithReason, notifySuccess } from '../../../lib/notify.js';

/**
 * Queues the broadcast; the server answers 202 at once and delivers in the background. The key makes a
 * repeat of the submission queue nothing more (useIdempotentSubmitMutation).
 */
export async function sendBroadcast(body: BroadcastSend, idempotencyKey: string): Promise<Broadcast> {
  return BroadcastQueuedSchema.parse(await apiRequest<unknown>('POST', '/api/broadcast-send', body, { idempotencyKey }));
}

export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useIdempotentSubmitMutation({
    mutationFn: sendBroadcast,
    // Not awaited: the form resets with the toast, not after history has been read again.
    onSuccess: () => {
      notifySuccess('Broadcast message sent successfully');
      void queryClient.invalidateQueries({ queryKey: broadcastsQueryKey });
    },
    onError: (error) => {
      notifyFailureWithReason(error, 'Failed to send broadcast');
      // With no answer the broadcast may still have been queued: the history shows whether it was.
      void queryClient.invalidateQueries({ queryKey: broadcastsQueryKey });
    },
  });
}
