import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { EndedSessionsSchema, type EndedSessions } from '@contract/account-sessions.js';
import { apiRequest } from '../../../lib/api-client.js';
import { formatCount } from '../../../lib/format.js';
import { ADMIN_USERS_URL } from './get-admin-users.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';

export interface EndSessionsInput {
  id: number;
  /** The name the toast uses. */
  name: string;
}

export async function endAdminUserSessions({ id }: EndSessionsInput): Promise<EndedSessions> {
  return EndedSessionsSchema.parse(await apiRequest<unknown>('POST', `${ADMIN_USERS_URL}/${id}/end-sessions`));
}

/** Nothing listed changes when sessions end, so this refetches nothing. */
export function useEndAdminUserSessions() {
  return useSubmitMutation({
    mutationFn: endAdminUserSessions,
    onSuccess: ({ ended }, { name }) => notifySuccess('Sessions Ended', `${formatCount(ended, 'session')} of ${name} ended; they must sign in again.`, { alone: true }),
    onError: (error) => notifyFailure(error, 'Error', { fallback: 'Failed to end the sessions', alone: true }),
  });
}
