import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';
import { NotificationSettingsSchema, type NotificationSettings } from '@contract/notifications.js';
import { apiRequest } from '../../../lib/api-client.js';
import { NOTIFICATION_SETTINGS_URL, notificationSettingsQueryKey } from './keys.js';
import { notifySuccess } from '../../../lib/notify.js';

export async function getNotificationSettings(): Promise<NotificationSettings> {
  return NotificationSettingsSchema.parse(await apiRequest<unknown>('GET', NOTIFICATION_SETTINGS_URL));
}

export async function saveNotificationSettings(settings: NotificationSettings): Promise<NotificationSettings> {
  return NotificationSettingsSchema.parse(await apiRequest<unknown>('PUT', NOTIFICATION_SETTINGS_URL, settings));
}

export function useNotificationSettings(options: { enabled: boolean }) {
  return useQuery({ queryKey: notificationSettingsQueryKey, queryFn: getNotificationSettings, enabled: options.enabled });
}

/** Saves the settings; the dialog shows what the server refused next to its field. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: saveNotificationSettings,
    onSuccess: (saved) => {
      notifySuccess('Notification Settings Saved', 'The bot sends its alerts by them from now on.');
      queryClient.setQueryData(notificationSettingsQueryKey, saved);
    },
  });
}
