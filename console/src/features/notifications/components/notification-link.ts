import type { Notification } from '@contract/notifications.js';
import { ROUTES } from '../../../lib/routes.js';

export interface RelatedLink {
  label: string;
  to: string;
}

const isId = (value: unknown): value is number | string => typeof value === 'number' || (typeof value === 'string' && value !== '');

/** Where the thing a notification is about lives in the console, read from its metadata. */
export function relatedLink(notification: Pick<Notification, 'metadata' | 'kind'>): RelatedLink | undefined {
  const { metadata } = notification;
  if (isId(metadata.broadcastId)) return { label: 'View broadcasts', to: ROUTES.broadcasts.path };
  if (isId(metadata.telegramId)) return { label: 'View user', to: `${ROUTES.botUsers.path}?user=${encodeURIComponent(String(metadata.telegramId))}` };
  if (isId(metadata.groupId)) return { label: 'View access control', to: ROUTES.accessControl.path };
  if (notification.kind === 'error_spike' || metadata.errors !== undefined) return { label: 'View error logs', to: `${ROUTES.botLogs.path}?level=ERROR` };
  return undefined;
}
