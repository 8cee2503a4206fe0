import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SandboxMessageSchema, type SandboxMessage } from '@contract/bot-sandbox.js';
import { apiRequest } from '../../../lib/api-client.js';
import { chatMessagesQueryKey } from './keys.js';

/** The bot can also write on its own (broadcasts), so an open chat looks again every few seconds. */
const CHAT_POLL_MS = 5000;
const ChatMessageListSchema = z.array(SandboxMessageSchema);

export async function getChatMessages(chatId: number): Promise<SandboxMessage[]> {
  return ChatMessageListSchema.parse(await apiRequest<unknown>('GET', chatMessagesQueryKey(chatId)[0]));
}

export function chatMessagesQueryOptions(chatId: number) {
  return queryOptions({
    queryKey: chatMessagesQueryKey(chatId),
    queryFn: () => getChatMessages(chatId),
    staleTime: 0,
    refetchInterval: CHAT_POLL_MS,
  });
}

export function useChatMessages(chatId: number | undefined) {
  return useQuery({ ...chatMessagesQueryOptions(chatId ?? 0), enabled: chatId !== undefined });
}
