import { Badge, Card } from '@tremor/react';
import RiAlarmWarningLine from 'remixicon/icons/System/alarm-warning-line.svg?react';
import { PRIORITY_THRESHOLDS, type Notification } from '@contract/notifications.js';
import { useUnreadNotifications } from '../api/get-unread-notifications.js';
import { NotificationItem } from './notification-item.js';

const HEADING_ID = 'critical-alerts-heading';

/** Spec §2.15: the unread critical notifications (priority 4 and up), with their count. */
export function CriticalAlerts({ onMarkRead, marking }: { onMarkRead: (notification: Notification) => void; marking: boolean }) {
  const critical = useUnreadNotifications(PRIORITY_THRESHOLDS.critical);
  const count = critical.data?.total ?? 0;
  if (count === 0) return null;
  return (
    <Card decoration="left" decorationColor="red">
      <section aria-labelledby={HEADING_ID} className="space-y-3">
        <h2 id={HEADING_ID} className="flex items-center gap-2 font-semibold text-tremor-content-strong">
          <RiAlarmWarningLine className="h-5 w-5 text-red-600" aria-hidden="true" />
          Critical Alerts
          <Badge color="red">{count}</Badge>
        </h2>
        <ul className="space-y-2">
          {critical.data?.items.map((notification) => (
            <li key={notification.id}>
              <NotificationItem notification={notification} onMarkRead={onMarkRead} marking={marking} />
            </li>
          ))}
        </ul>
      </section>
    </Card>
  );
}
