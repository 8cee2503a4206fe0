import { useIdempotentSubmitMutation } from '../../../lib/use-idempotent-submit-mutation.js';
import { BroadcastTestResultSchema, type BroadcastTestResult, type BroadcastTranslations } from '@contract/broadcasts.js';
import type { LanguageCode } from '@contract/languages.js';
import { apiRequest } from '../../../lib/api-client.js';
import { notifyError, notifyFailureWithReason, notifySuccess } from '../../../lib/notify.js';

export interface TestMessageBody {
  userId: string;
  content: string;
  templateId?: number;
  /** Sends the text its readers get (the template's in that language); absent: the default language's. */
  language?: LanguageCode;
  translations?: BroadcastTranslations;
}

/** Sends the composed message to one user now, and says what Telegram answered; a repeat with the key sends nothing more. */
export async function sendTestMessage(body: TestMessageBody, idempotencyKey: string): Promise<BroadcastTestResult> {
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
