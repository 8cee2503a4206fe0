import { queryOptions, useQuery } from '@tanstack/react-query';
import { SandboxStatusSchema, type SandboxStatus } from '@contract/bot-sandbox.js';
import { apiRequest } from '../../../lib/api-client.js';
import { sandboxStatusQueryKey } from './keys.js';

export async function getSandboxStatus(): Promise<SandboxStatus> {
  return SandboxStatusSchema.parse(await apiRequest<unknown>('GET', sandboxStatusQueryKey[0]));
}

export function useSandboxStatus() {
  return useQuery(queryOptions({ queryKey: sandboxStatusQueryKey, queryFn: getSandboxStatus }));
}
