import { queryOptions, useQuery } from '@tanstack/react-query';
import { SystemSettingsSchema, type SystemSettingsView } from '@contract/system-settings.js';
import { apiRequest } from '../../../lib/api-client.js';
import { SYSTEM_SETTINGS_URL, systemSettingsQueryKey } from './keys.js';

export async function getSystemSettings(): Promise<SystemSettingsView> {
  return SystemSettingsSchema.parse(await apiRequest<unknown>('GET', SYSTEM_SETTINGS_URL));
}

export function systemSettingsQueryOptions() {
  return queryOptions({ queryKey: systemSettingsQueryKey, queryFn: getSystemSettings });
}

/** Read fresh each time the dialog opens: another admin may have changed them. */
export function useSystemSettings() {
  return useQuery({ ...systemSettingsQueryOptions(), staleTime: 0 });
}
