import { can } from '@contract/permissions.js';
import { useAuth } from '../../auth/use-auth.js';
import { useVerificationQueue } from '../api/verification-queue.js';

/** How many contacts are due for verification, beside the queue's entry; only for those who may work it, and nothing when none is due. */
export function QueueCountBadge() {
  const { user } = useAuth();
  const queue = useVerificationQueue({ limit: 1, offset: 0 }, { enabled: can(user?.role, 'contacts:write') });
  const count = queue.data?.total ?? 0;
  if (count === 0) return null;
  return (
    <span className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-amber-700 px-1.5 text-tremor-label font-semibold text-white">
      {count > 999 ? '999+' : count}
      <span className="sr-only"> due</span>
    </span>
  );
}
