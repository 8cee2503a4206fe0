import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MarkAllReadResultSchema, NotificationSchema, type MarkAllReadResult, type Notification } from '@contract/notifications.js';
import { apiRequest } from '../../../lib/api-client.js';
import { NOTIFICATIONS_URL, notificationsQueryKey } from './keys.js';
import { notifyFailure, notifySuccess } from '../../../lib/notify.js';
import { useSubmitMutation } from '../../../lib/use-submit-mutation.js';

export async function markNotificationRead(id: number): Promise<Notification> {
  return NotificationSchema.parse(await apiRequest<unknown>('PATCH', `${NOTIFICATIONS_URL}/${id}/read`));
}

export async function markAllNotificationsRead(): Promise<MarkAllReadResult> {
  return MarkAllReadResultSchema.parse(await apiRequest<unknown>('PATCH', `${NOTIFICATIONS_URL}/mark-all-read`));
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onSuccess: async () => {
      notifySuccess('Notification marked as read');
      await queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Failed to mark the notification as read'),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: async () => {
      notifySuccess('All notifications marked as read');
      await queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    },
    onError: (error) => notifyFailure(error, 'Failed to mark all notifications as read'),
  });
}
