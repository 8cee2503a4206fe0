import type { Notification } from '@contract/notifications.js';
import { botUserPath } from '../../../lib/links.js';
import { ROUTES } from '../../../lib/routes.js';

export interface RelatedLink {
  label: string;
  to: string;
}

const isId = (value: unknown): value is number | string => typeof value === 'number' || (typeof value === 'string' && value !== '');

/**
 * Where the things a notification is about live in the console, read from its metadata: a report
 * links to the contact reported and, beside it, the user who reported it (bot/features/reports.ts).
 */
export function relatedLinks(notification: Pick<Notification, 'metadata' | 'kind'>): RelatedLink[] {
  const { metadata } = notification;
  if (isId(metadata.broadcastId)) return [{ label: 'View broadcasts', to: ROUTES.broadcasts.path }];
  const links: RelatedLink[] = [];
  if (isId(metadata.contactId)) links.push({ label: 'View contact', to: `${ROUTES.medicalContacts.path}?contact=${encodeURIComponent(String(metadata.contactId))}` });
  if (isId(metadata.telegramId)) links.push({ label: links.length > 0 ? 'View reporting user' : 'View user', to: botUserPath(Number(metadata.telegramId)) });
  if (links.length > 0) return links;
  if (isId(metadata.groupId)) return [{ label: 'View access control', to: ROUTES.accessControl.path }];
  if (notification.kind === 'error_spike' || metadata.errors !== undefined) return [{ label: 'View error logs', to: `${ROUTES.botLogs.path}?level=ERROR` }];
  return [];
}
