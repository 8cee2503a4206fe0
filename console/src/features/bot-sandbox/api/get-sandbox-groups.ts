import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { SandboxGroupSchema, type SandboxGroup } from '@contract/bot-sandbox.js';
import { apiRequest } from '../../../lib/api-client.js';
import { sandboxGroupsQueryKey } from './keys.js';

const SandboxGroupListSchema = z.array(SandboxGroupSchema);

/** The simulated groups with their present members. */
export async function getSandboxGroups(): Promise<SandboxGroup[]> {
  return SandboxGroupListSchema.parse(await apiRequest<unknown>('GET', sandboxGroupsQueryKey[0]));
}

export function useSandboxGroups() {
  return useQuery(queryOptions({ queryKey: sandboxGroupsQueryKey, queryFn: getSandboxGroups }));
}
