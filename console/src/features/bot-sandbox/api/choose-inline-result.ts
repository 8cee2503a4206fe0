import { useQueryClient } from '@tanstack/react-query';
import { SandboxInlineChoiceSchema, type ChooseInlineResult, type SandboxInlineChoice } from '@contract/bot-sandbox.js';
import { apiRequest, errorMessage } from '../../../lib/api-client.js';
import { notifyError } from '../../../lib/notify.js';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { SANDBOX_URL, chatMessagesQueryKey } from './keys.js';

/** Posts a result of the user's inline query into the chat, as sent "via @bot". */
export async function chooseInlineResult({ inlineQueryId, ...choice }: ChooseInlineResult & { inlineQueryId: string }): Promise<SandboxInlineChoice> {
  return SandboxInlineChoiceSchema.parse(await apiRequest<unknown>('POST', `${SANDBOX_URL}/inline-queries/${encodeURIComponent(inlineQueryId)}/choice`, choice));
}

/** The posted card shows up in the chat itself, so only a failure gets a toast. */
export function useChooseInlineResult() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: chooseInlineResult,
    onSettled: (_choice, _error, choice) => queryClient.invalidateQueries({ queryKey: chatMessagesQueryKey(choice.chatId ?? choice.userId) }),
    onError: (error) => notifyError('Error', errorMessage(error, 'Failed to post the result')),
  });
}
