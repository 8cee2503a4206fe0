import { useUnreadNotifications } from '../api/get-unread-notifications.js';

/** The unread count on the navigation entries that lead to Notifications, polled; nothing when all are read. */
export function UnreadCountBadge({ className = 'ml-auto' }: { className?: string }) {
  const unread = useUnreadNotifications();
  const count = unread.data?.total ?? 0;
  if (count === 0) return null;
  return (
    <span className={`${className} inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-tremor-label font-semibold text-white`}>
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}
