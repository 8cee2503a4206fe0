/** The Bot Sandbox's addresses and cache keys; mutations invalidate by these. */
export const SANDBOX_URL = '/api/bot-sandbox';

export const sandboxStatusQueryKey = [`${SANDBOX_URL}/status`] as const;
export const sandboxUsersQueryKey = [`${SANDBOX_URL}/users`] as const;
export const sandboxGroupsQueryKey = [`${SANDBOX_URL}/groups`] as const;
export const chatMessagesQueryKey = (chatId: number) => [`${SANDBOX_URL}/chats/${chatId}/messages`] as const;
export const placesQueryKey = (query: string) => [`${SANDBOX_URL}/places`, query] as const;
export const inlineQueryKey = (input: { userId: number; chatId?: number; query: string }) =>
  [`${SANDBOX_URL}/inline-queries`, input.userId, input.chatId ?? input.userId, input.query] as const;
