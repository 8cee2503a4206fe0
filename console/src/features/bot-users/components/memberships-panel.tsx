import { Badge } from '@tremor/react';
import { LoadingSpinner } from '../../../components/loading-spinner.js';
import { formatDateTime } from '../../../lib/format.js';
import { useUserMemberships } from '../api/get-telegram-user.js';

/** The user's stored memberships of authorized groups (spec §2.10 "Group Memberships"). */
export function MembershipsPanel({ telegramId }: { telegramId: string }) {
  const memberships = useUserMemberships(telegramId);
  if (memberships.isPending) return <LoadingSpinner label="Loading memberships..." />;
  if (memberships.isError || memberships.data.length === 0) {
    return <p className="mt-4 text-tremor-default text-tremor-content">This user is not a member of any authorized groups.</p>;
  }
  return (
    <ul className="mt-4 divide-y divide-tremor-border rounded-tremor-default border border-tremor-border">
      {memberships.data.map((membership) => (
        <li key={membership.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="truncate font-medium text-tremor-content-strong">{membership.groupName ?? String(membership.groupId)}</p>
            <p className="text-tremor-label text-tremor-content">
              Status: {membership.membershipStatus} · Joined: {formatDateTime(membership.joinedAt)} · Last verified: {formatDateTime(membership.lastVerified)}
            </p>
          </div>
          <Badge color={membership.isActive ? 'emerald' : 'gray'}>{membership.isActive ? 'Active' : 'Inactive'}</Badge>
        </li>
      ))}
    </ul>
  );
}
