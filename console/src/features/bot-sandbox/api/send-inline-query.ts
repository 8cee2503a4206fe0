import { queryOptions, useQuery } from '@tanstack/react-query';
import { SandboxInlineAnswerSchema, type SandboxInlineAnswer, type SendInlineQuery } from '@contract/bot-sandbox.js';
import { apiRequest } from '../../../lib/api-client.js';
import { SANDBOX_URL, inlineQueryKey } from './keys.js';

/** Sends `@<bot> <query>` as the user; resolves with the bot's results once it has answered. */
export async function sendInlineQuery(input: SendInlineQuery): Promise<SandboxInlineAnswer> {
  return SandboxInlineAnswerSchema.parse(await apiRequest<unknown>('POST', `${SANDBOX_URL}/inline-queries`, input));
}

/**
 * The bot's results for what the user typed after `@<bot>`. Asked again for every new text, as Telegram asks
 * at each pause in typing, and never kept: the bot's answers are personal and not cached.
 */
export function useInlineQuery(input: SendInlineQuery | undefined) {
  return useQuery({
    ...queryOptions({
      queryKey: inlineQueryKey(input ?? { userId: 0, query: '' }),
      queryFn: () => sendInlineQuery(input!),
    }),
    enabled: input !== undefined,
    gcTime: 0,
    retry: false,
  });
}
