import type { AdminUser } from '@contract/admin-users.js';
import { formatLastLogin } from './last-login.js';
import { RoleBadge } from './role-badge.js';
import { ActiveControl, RoleSelect, TwoFactorControl, UserActionButtons, type UserRowActions } from './user-controls.js';
import { UserIdentity } from './user-identity.js';

interface AdminUserCardsProps {
  users: readonly AdminUser[];
  actions: UserRowActions;
  labelledBy: string;
}

/** The narrow-screen layout: the table's columns, one card per user. */
export function AdminUserCards({ users, actions, labelledBy }: AdminUserCardsProps) {
  return (
    <ul aria-labelledby={labelledBy} className="divide-y divide-tremor-border">
      {users.map((user) => (
        <li key={user.id} className="space-y-3 py-4 first:pt-0 last:pb-0">
          <div className="flex items-start justify-between gap-3">
            <UserIdentity user={user} />
            <RoleBadge role={user.role} />
          </div>
          <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-tremor-default">
            <div>
              <dt className="text-xs text-tremor-content-subtle">Department</dt>
              <dd className="text-tremor-content-emphasis">{user.department || '-'}</dd>
            </div>
            <div>
              <dt className="text-xs text-tremor-content-subtle">Last Login</dt>
              <dd className="text-tremor-content-emphasis">{formatLastLogin(user.lastLogin)}</dd>
            </div>
            <div>
              <dt className="text-xs text-tremor-content-subtle">Status</dt>
              <dd className="mt-1">
                <ActiveControl user={user} actions={actions} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-tremor-content-subtle">2FA</dt>
              <dd className="mt-1">
                <TwoFactorControl user={user} actions={actions} />
              </dd>
            </div>
          </dl>
          <div className="flex flex-wrap items-center gap-2">
            <RoleSelect user={user} actions={actions} />
            <UserActionButtons user={user} actions={actions} />
          </div>
        </li>
      ))}
    </ul>
  );
}
