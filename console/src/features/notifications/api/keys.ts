/** The notifications' addresses and cache keys; every mark invalidates `notificationsQueryKey`. */
export const NOTIFICATIONS_URL = '/api/real-time-notifications';
export const NOTIFICATION_SETTINGS_URL = '/api/notification-settings';

/** Spec §9: notifications are polled every 5 seconds. */
export const NOTIFICATION_POLL_MS = 5000;

export const notificationsQueryKey = [NOTIFICATIONS_URL] as const;
export const notificationPageQueryKey = (filter: NotificationFilter, offset: number) => [NOTIFICATIONS_URL, 'page', filter, offset] as const;
export const unreadNotificationsQueryKey = (minPriority: number | undefined) => [NOTIFICATIONS_URL, 'unread', minPriority ?? null] as const;
export const notificationSettingsQueryKey = [NOTIFICATION_SETTINGS_URL] as const;

export type NotificationFilter = 'all' | 'unread';
