import { Button } from '@tremor/react';
import RiCheckLine from 'remixicon/icons/System/check-line.svg?react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { Notification } from '@contract/notifications.js';
import { formatDateTime } from '../../../lib/format.js';
import { relatedLinks } from './notification-link.js';
import { PriorityBadge } from './priority-badge.js';

/** Expired: its expiresAt has passed (spec §2.15). */
export function isExpired(notification: Pick<Notification, 'expiresAt'>, now = Date.now()): boolean {
  return notification.expiresAt !== null && Date.parse(notification.expiresAt) < now;
}

interface NotificationItemProps {
  notification: Notification;
  onMarkRead: (notification: Notification) => void;
  marking: boolean;
}

/** One notification: priority, title, message, when, links to what it is about; faded once expired. */
export function NotificationItem({ notification, onMarkRead, marking }: NotificationItemProps) {
  const titleId = useId();
  const expired = isExpired(notification);
  const links = relatedLinks(notification);
  return (
    <article
      aria-labelledby={titleId}
      data-expired={expired || undefined}
      className={`flex flex-col gap-3 rounded-tremor-default border p-4 sm:flex-row sm:items-start sm:justify-between ${
        notification.isRead ? 'border-tremor-border bg-tremor-background' : 'border-tremor-brand-muted bg-tremor-brand-faint'
      } ${expired ? 'opacity-50' : ''}`}
    >
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <PriorityBadge priority={notification.priority} />
          {expired ? (
            <span className="rounded-tremor-small bg-tremor-background-subtle px-2 py-0.5 text-tremor-label font-medium text-tremor-content">Expired</span>
          ) : null}
          {notification.isRead ? null : <span className="text-tremor-label font-medium text-tremor-brand">Unread</span>}
        </div>
        <h3 id={titleId} className="font-semibold text-tremor-content-strong">
          {notification.title}
        </h3>
        <p className="text-tremor-default text-tremor-content-emphasis">{notification.message}</p>
        <p className="text-tremor-label text-tremor-content">
          <time dateTime={notification.createdAt}>{formatDateTime(notification.createdAt)}</time>
          {links.map((link) => (
            <span key={link.to}>
              {' · '}
              <Link to={link.to} className="font-medium text-tremor-brand hover:underline">
                {link.label}
              </Link>
            </span>
          ))}
        </p>
      </div>
      {notification.isRead ? null : (
        <Button
          variant="secondary"
          size="xs"
          icon={RiCheckLine}
          disabled={marking}
          onClick={() => onMarkRead(notification)}
          aria-label={`Mark "${notification.title}" as read`}
          className="shrink-0"
        >
          Mark as read
        </Button>
      )}
    </article>
  );
}
