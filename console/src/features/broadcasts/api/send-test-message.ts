import { useIdempotentSubmitMutation } from '../../../lib/use-idempotent-submit-mutation.js';
import { BroadcastTestResultSchema, type BroadcastTest, type BroadcastTestResult } from '@contract/broadcasts.js';
import { apiRequest } from '../../../lib/api-client.js';
import { notifyError, notifyFailureWithReason, notifySuccess } from '../../../lib/notify.js';

/** Sends the composed message to one user now, and says what Telegram answered; a repeat with the key sends nothing more. */
export async function sendTestMessage(body: BroadcastTest, idempotencyKey: string): Promise<BroadcastTestResult> {
  return BroadcastTestResultSchema.parse(await apiRequest<unknown>('POST', '/api/broadcast-test', body, { idempotencyKey }));
}

export function useSendTestMessage() {
  return useIdempotentSubmitMutation({
    mutationFn: sendTestMessage,
    onSuccess: (result) => {
      // Telegram may refuse the message (the user blocked the bot): the call worked, the send did not.
      if (result.ok) notifySuccess('Test message sent successfully');
      else notifyError(`Failed to send test message: ${result.error ?? 'Telegram refused the message'}`);
    },
    onError: (error) => notifyFailureWithReason(error, 'Failed to send test message'),
  });
}
