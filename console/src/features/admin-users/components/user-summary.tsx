import { Card } from '@tremor/react';
import type { AdminUser } from '@contract/admin-users.js';

/** The four figures of spec §2.11, counted from the list the screen already holds. */
export function summarizeUsers(users: readonly AdminUser[]) {
  return [
    { label: 'Total Users', value: users.length },
    { label: 'Active Users', value: users.filter((user) => user.isActive).length },
    { label: '2FA Enabled', value: users.filter((user) => user.twoFactorEnabled).length },
    { label: 'Super Admins', value: users.filter((user) => user.role === 'super_admin').length },
  ];
}

export function UserSummary({ users }: { users: readonly AdminUser[] }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {summarizeUsers(users).map(({ label, value }) => (
        <Card key={label} className="p-4">
          <dt className="text-tremor-default text-tremor-content">{label}</dt>
          <dd className="mt-1 text-tremor-metric font-semibold text-tremor-content-strong">{value}</dd>
        </Card>
      ))}
    </dl>
  );
}
