import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { BroadcastQueuedSchema, type Broadcast, type BroadcastTargetType, type BroadcastTranslations } from '@contract/broadcasts.js';
import { apiRequest, newIdempotencyKey } from '../../../lib/api-client.js';
import { broadcastsQueryKey } from './keys.js';
import { notifyFailureWithReason, notifySuccess } from '../../../lib/notify.js';

export interface SendBroadcastBody {
  title: string;
  content: string;
  /** Texts besides the content (the default language's), by language. */
  translations?: BroadcastTranslations;
  templateId?: number;
  targetUsers?: number[];
  targetType: BroadcastTargetType;
}

/**
 * Queues the broadcast; the server answers 202 at once and delivers in the background. One call is one
 * submission: its key makes a repeat of it queue nothing more.
 */
export async function sendBroadcast(body: SendBroadcastBody): Promise<Broadcast> {
  return BroadcastQueuedSchema.parse(await apiRequest<unknown>('POST', '/api/broadcast-send', body, { idempotencyKey: newIdempotencyKey() }));
}

export function useSendBroadcast() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: sendBroadcast,
    // Not awaited: the form resets with the toast, not after history has been read again.
    onSuccess: () => {
      notifySuccess('Broadcast message sent successfully');
      void queryClient.invalidateQueries({ queryKey: broadcastsQueryKey });
    },
    onError: (error) => notifyFailureWithReason(error, 'Failed to send broadcast'),
  });
}
