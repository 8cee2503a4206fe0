import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SandboxUserSchema, type SandboxUser } from '@contract/bot-sandbox.js';
import { apiRequest } from '../../../lib/api-client.js';
import { sandboxUsersQueryKey } from './keys.js';

const SandboxUserListSchema = z.array(SandboxUserSchema);

/** The simulated Telegram users, by first name. */
export async function getSandboxUsers(): Promise<SandboxUser[]> {
  return SandboxUserListSchema.parse(await apiRequest<unknown>('GET', sandboxUsersQueryKey[0]));
}

export function useSandboxUsers() {
  return useQuery(queryOptions({ queryKey: sandboxUsersQueryKey, queryFn: getSandboxUsers }));
}
