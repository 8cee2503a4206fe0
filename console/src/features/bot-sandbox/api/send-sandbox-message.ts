import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import {
  SandboxExchangeSchema,
  type SandboxExchange,
  type SendSandboxMessageInput,
} from '@contract/bot-sandbox.js';
import { apiRequest, errorMessage } from '../../../lib/api-client.js';
import { notifyError } from '../../../lib/notify.js';
import { SANDBOX_URL, chatMessagesQueryKey } from './keys.js';

/** Sends text or a location as the user; resolves with the bot's replies once it has answered. */
export async function sendSandboxMessage(message: SendSandboxMessageInput): Promise<SandboxExchange> {
  return SandboxExchangeSchema.parse(await apiRequest<unknown>('POST', `${SANDBOX_URL}/messages`, message));
}

/** The replies show up in the chat itself, so only a failure gets a toast. */
export function useSendSandboxMessage() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: sendSandboxMessage,
    onSettled: (_exchange, _error, message) =>
      queryClient.invalidateQueries({ queryKey: chatMessagesQueryKey(message.chatId ?? message.userId) }),
    onSuccess: (exchange) => {
      if (exchange.replies.length === 0) notifyError('No reply', 'The bot handled the message but did not answer.');
    },
    onError: (error, message) =>
      notifyError('Error', errorMessage(error, message.location ? 'Failed to send the location' : 'Failed to send the message')),
  });
}
