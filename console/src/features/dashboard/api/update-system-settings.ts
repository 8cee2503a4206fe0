import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { SystemSettingsSchema, type SystemSettingsView, type UpdateSystemSettings } from '@contract/system-settings.js';
import { ACCOUNT_QUERY_KEY } from '../../../lib/account-query-key.js';
import { apiRequest, errorMessage } from '../../../lib/api-client.js';
import { notifyError, notifySuccess } from '../../../lib/notify.js';
import { SYSTEM_SETTINGS_URL, systemHealthQueryKey, systemSettingsQueryKey } from './keys.js';

export async function updateSystemSettings(settings: UpdateSystemSettings): Promise<SystemSettingsView> {
  return SystemSettingsSchema.parse(await apiRequest<unknown>('PUT', SYSTEM_SETTINGS_URL, settings));
}

export function useUpdateSystemSettings() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: updateSystemSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(systemSettingsQueryKey, saved);
      notifySuccess('System Settings Saved', 'The bot uses them from its next message.');
      // Maintenance mode and backups show in the System Status banner; the two-factor requirement in the account's.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: systemHealthQueryKey }),
        queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY }),
      ]);
    },
    onError: (error) => notifyError('Failed to save system settings', errorMessage(error, '') || undefined),
  });
}
