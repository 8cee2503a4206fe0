import { useQueryClient } from '@tanstack/react-query';
import { SandboxExchangeSchema, type PressButton, type SandboxExchange } from '@contract/bot-sandbox.js';
import { apiRequest, errorMessage } from '../../../lib/api-client.js';
import { notifyError } from '../../../lib/notify.js';
import { SANDBOX_URL, chatMessagesQueryKey } from './keys.js';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';

/** Presses an inline button of one of the bot's messages; resolves with the bot's new replies. */
export async function pressSandboxButton(press: PressButton): Promise<SandboxExchange> {
  return SandboxExchangeSchema.parse(await apiRequest<unknown>('POST', `${SANDBOX_URL}/callback`, press));
}

export function usePressSandboxButton() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: pressSandboxButton,
    // The bot may edit the message whose button was pressed, so the whole chat is read again.
    onSettled: (_exchange, _error, press) => queryClient.invalidateQueries({ queryKey: chatMessagesQueryKey(press.chatId) }),
    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to press the button')),
  });
}
