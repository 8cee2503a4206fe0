import { useQuery } from '@tanstack/react-query';
import { MiniAppLaunchSchema, type MiniAppLaunch } from '@contract/bot-sandbox.js';
import { apiRequest } from '../../../lib/api-client.js';
import { SANDBOX_URL } from './keys.js';

/** Telegram's launch data for the user's Mini App, signed for the simulated bot (a fresh signature per opening). */
export function useMiniAppLaunch(userId: number, opening: number) {
  return useQuery({
    queryKey: [`${SANDBOX_URL}/users/${userId}/mini-app-launch`, opening],
    queryFn: async (): Promise<MiniAppLaunch> => MiniAppLaunchSchema.parse(await apiRequest<unknown>('POST', `${SANDBOX_URL}/users/${userId}/mini-app-launch`)),
    staleTime: Infinity,
    gcTime: 0,
  });
}
