import { useQuery } from '@tanstack/react-query';
import { NotificationPageSchema, type NotificationPage } from '@contract/notifications.js';
import { apiRequest } from '../../../lib/api-client.js';
import { NOTIFICATION_POLL_MS, NOTIFICATIONS_URL, unreadNotificationsQueryKey } from './keys.js';

const UNREAD_LIMIT = 20;

export async function getUnreadNotifications(minPriority: number | undefined): Promise<NotificationPage> {
  const params = new URLSearchParams({ limit: String(UNREAD_LIMIT) });
  if (minPriority !== undefined) params.set('minPriority', String(minPriority));
  return NotificationPageSchema.parse(await apiRequest<unknown>('GET', `${NOTIFICATIONS_URL}/unread?${params.toString()}`));
}

/** The newest unread notifications (of at least `minPriority`) and how many there are, polled (spec §7, §9). */
export function useUnreadNotifications(minPriority?: number, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: unreadNotificationsQueryKey(minPriority),
    queryFn: () => getUnreadNotifications(minPriority),
    refetchInterval: NOTIFICATION_POLL_MS,
    enabled: options.enabled ?? true,
  });
}
