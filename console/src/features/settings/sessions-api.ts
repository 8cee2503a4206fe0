import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../lib/use-submit-mutation.js';
import { EndedSessionsSchema, StaffSessionSchema, type EndedSessions, type StaffSession } from '@contract/account-sessions.js';
import { apiRequest } from '../../lib/api-client.js';

const SESSIONS_URL = '/api/account/sessions';
const sessionsQueryKey = [SESSIONS_URL] as const;

export async function getSessions(): Promise<StaffSession[]> {
  return StaffSessionSchema.array().parse(await apiRequest<unknown>('GET', SESSIONS_URL));
}

/** The signed-in user's live sessions; read fresh on each visit, since other devices come and go. */
export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: getSessions, staleTime: 0 });
}

/** A change to the list that reloads it afterwards, whatever the outcome. */
function useSessionsMutation<TVariables, TResult>(send: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

export function useEndSession() {
  return useSessionsMutation((id: string) => apiRequest<{ success: true }>('DELETE', `${SESSIONS_URL}/${encodeURIComponent(id)}`));
}

export function useEndOtherSessions() {
  return useSessionsMutation(
    async (): Promise<EndedSessions> => EndedSessionsSchema.parse(await apiRequest<unknown>('POST', `${SESSIONS_URL}/end-others`)),
  );
}
