import { useUnreadNotifications } from '../api/get-unread-notifications.js';

/** The unread count on the Notifications navigation entry, polled; nothing when all are read. */
export function UnreadCountBadge() {
  const unread = useUnreadNotifications();
  const count = unread.data?.total ?? 0;
  if (count === 0) return null;
  return (
    <span className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-tremor-label font-semibold text-white">
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}
