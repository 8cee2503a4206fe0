import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NotificationPageSchema, type NotificationPage } from '@contract/notifications.js';
import { apiRequest } from '../../../lib/api-client.js';
import { NOTIFICATION_POLL_MS, NOTIFICATIONS_URL, notificationPageQueryKey, type NotificationFilter } from './keys.js';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export async function getNotifications(filter: NotificationFilter, offset: number): Promise<NotificationPage> {
  const url = filter === 'unread' ? `${NOTIFICATIONS_URL}/unread` : NOTIFICATIONS_URL;
  return NotificationPageSchema.parse(await apiRequest<unknown>('GET', `${url}?limit=${NOTIFICATIONS_PAGE_SIZE}&offset=${offset}`));
}

/** One page of notifications, newest first, polled (spec §7, §9). */
export function useNotifications(filter: NotificationFilter, offset: number) {
  return useQuery({
    queryKey: notificationPageQueryKey(filter, offset),
    queryFn: () => getNotifications(filter, offset),
    refetchInterval: NOTIFICATION_POLL_MS,
    placeholderData: keepPreviousData,
  });
}
