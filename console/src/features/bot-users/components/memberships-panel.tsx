import { Badge } from '@tremor/react';
import type { UserMembership } from '@contract/bot-users.js';
import { LoadingSpinner } from '../../../components/loading-spinner.js';
import { formatDateTime } from '../../../lib/format.js';
import { useUserMemberships } from '../api/get-telegram-user.js';

/**
 * The user's memberships of authorized groups (spec §2.10 "Group Memberships"). Only current ones
 * count as memberships; groups they have left are listed apart, so a user in no group reads the
 * spec's empty text whatever they were before.
 */
export function MembershipsPanel({ telegramId }: { telegramId: string }) {
  const memberships = useUserMemberships(telegramId);
  if (memberships.isPending) return <LoadingSpinner label="Loading memberships..." />;
  const all = memberships.isError ? [] : memberships.data;
  const current = all.filter((membership) => membership.isActive);
  const former = all.filter((membership) => !membership.isActive);
  return (
    <div className="mt-4 space-y-4">
      {current.length === 0 ? (
        <p className="text-tremor-default text-tremor-content">This user is not a member of any authorized groups.</p>
      ) : (
        <MembershipList memberships={current} label="Current memberships" />
      )}
      {former.length === 0 ? null : (
        <section aria-labelledby="former-memberships" className="space-y-2">
          <h3 id="former-memberships" className="text-tremor-default font-medium text-tremor-content-strong">
            Groups they have left
          </h3>
          <MembershipList memberships={former} label="Groups they have left" />
        </section>
      )}
    </div>
  );
}

function MembershipList({ memberships, label }: { memberships: UserMembership[]; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-tremor-border rounded-tremor-default border border-tremor-border">
      {memberships.map((membership) => (
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
