import type { AdminUser } from '@contract/admin-users.js';
import { displayName } from '../../../lib/format.js';

/** The user cell of spec §2.11: the name, the email (or "No email"), and @username when it adds something. */
export function UserIdentity({ user }: { user: AdminUser }) {
  return (
    <div className="min-w-0">
      <p className="truncate font-medium text-tremor-content-strong">{displayName(user)}</p>
      <p className="truncate text-tremor-default text-tremor-content" title={user.email ?? undefined}>
        {user.email ?? 'No email'}
      </p>
      {user.firstName && user.firstName !== user.username ? (
        <p className="truncate text-xs text-tremor-content-subtle">@{user.username}</p>
      ) : null}
    </div>
  );
}
