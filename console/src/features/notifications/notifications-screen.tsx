import { Button, Card } from '@tremor/react';
import RiCheckDoubleLine from 'remixicon/icons/System/check-double-line.svg?react';
import RiSettings3Line from 'remixicon/icons/System/settings-3-line.svg?react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Notification } from '@contract/notifications.js';
import { can } from '@contract/permissions.js';
import { ErrorAlert } from '../../components/error-alert.js';
import { LoadingSpinner } from '../../components/loading-spinner.js';
import { PageHeader } from '../../components/page-header.js';
import { SelectField } from '../../components/select-field.js';
import { errorMessage } from '../../lib/api-client.js';
import { formatNumber } from '../../lib/format.js';
import { settingsSectionPath } from '../../lib/links.js';
import { useAuth } from '../auth/use-auth.js';
import { NOTIFICATIONS_PAGE_SIZE, useNotifications } from './api/get-notifications.js';
import { useUnreadNotifications } from './api/get-unread-notifications.js';
import type { NotificationFilter } from './api/keys.js';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from './api/mark-read.js';
import { CriticalAlerts } from './components/critical-alerts.js';
import { NotificationItem } from './components/notification-item.js';
import { useSearchParamsInOrder } from '../../lib/use-search-params-in-order.js';
import { withParam } from '../../components/period-select.js';

const HEADING_ID = 'notifications-heading';
const LIST_HEADING_ID = 'notifications-list-heading';

/** The Notifications screen (spec §2.15): critical alerts first, then every notification, newest first. */
export function NotificationsScreen() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParamsInOrder();
  const filter: NotificationFilter = params.get('filter') === 'unread' ? 'unread' : 'all';
  const [offset, setOffset] = useState(0);
  const notifications = useNotifications(filter, offset);
  const unread = useUnreadNotifications();
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const unreadCount = unread.data?.total ?? 0;
  const onMarkRead = (notification: Notification) => markOne.mutate(notification.id);

  const setFilter = (value: string) => {
    setParams((current) => withParam(current, 'filter', value === 'unread' ? 'unread' : undefined), { replace: true });
    setOffset(0);
  };

  return (
    <section aria-labelledby={HEADING_ID} className="space-y-6">
      <PageHeader
        title="Notifications"
        description="Real-time alerts about the bot and the system, with critical ones kept at the top."
        headingId={HEADING_ID}
        actions={
          <>
            <Button variant="secondary" icon={RiCheckDoubleLine} disabled={unreadCount === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
              Mark all as read
            </Button>
            {can(user?.role, 'notification-settings:manage') ? (
              // The settings' home is Settings → Notification Settings.
              <Link
                to={settingsSectionPath('notifications')}
                className="inline-flex items-center justify-center gap-1.5 rounded-tremor-default border border-tremor-brand px-4 py-2 text-tremor-default font-medium text-tremor-brand shadow-tremor-input hover:bg-tremor-brand-faint hover:text-tremor-brand-emphasis"
              >
                <RiSettings3Line className="-ml-1 h-5 w-5 shrink-0" aria-hidden="true" />
                Notification Settings
              </Link>
            ) : null}
          </>
        }
      />

      <CriticalAlerts onMarkRead={onMarkRead} marking={markOne.isPending} />

      <section aria-labelledby={LIST_HEADING_ID} className="space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id={LIST_HEADING_ID} className="font-semibold text-tremor-content-strong">
            All notifications <span className="font-normal text-tremor-content">({formatNumber(unreadCount)} unread)</span>
          </h2>
          <SelectField label="Show" value={filter} onChange={(event) => setFilter(event.target.value)} className="sm:w-48">
            <option value="all">All notifications</option>
            <option value="unread">Unread only</option>
          </SelectField>
        </div>

        {notifications.isPending ? (
          <LoadingSpinner label="Loading notifications..." />
        ) : notifications.isError ? (
          <ErrorAlert title="Failed to load notifications" detail={errorMessage(notifications.error, 'The notifications could not be loaded')} />
        ) : notifications.data.items.length === 0 ? (
          <Card className="py-12 text-center">
            <h3 className="font-semibold text-tremor-content-strong">{filter === 'unread' ? 'All caught up' : 'No notifications yet'}</h3>
            <p className="mt-1 text-tremor-default text-tremor-content">
              {filter === 'unread' ? 'Every notification has been read.' : 'The system raises notifications here when something needs attention.'}
            </p>
          </Card>
        ) : (
          <>
            <ul className="space-y-2" aria-label="Notifications">
              {notifications.data.items.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem notification={notification} onMarkRead={onMarkRead} marking={markOne.isPending} />
                </li>
              ))}
            </ul>
            <Pager offset={offset} shown={notifications.data.items.length} total={notifications.data.total} onChange={setOffset} />
          </>
        )}
      </section>
    </section>
  );
}

function Pager({ offset, shown, total, onChange }: { offset: number; shown: number; total: number; onChange: (offset: number) => void }) {
  if (total <= NOTIFICATIONS_PAGE_SIZE) return null;
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 text-tremor-default text-tremor-content">
      <span>
        Showing {formatNumber(offset + 1)}–{formatNumber(offset + shown)} of {formatNumber(total)}
      </span>
      <div className="flex gap-2">
        <Button variant="secondary" size="xs" disabled={offset === 0} onClick={() => onChange(Math.max(0, offset - NOTIFICATIONS_PAGE_SIZE))}>
          Previous
        </Button>
        <Button variant="secondary" size="xs" disabled={offset + shown >= total} onClick={() => onChange(offset + NOTIFICATIONS_PAGE_SIZE)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
