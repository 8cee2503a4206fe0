import { Badge } from '@tremor/react';
import { REFUSAL_STATUSES } from '@contract/bot-access.js';
import { LoadingSpinner } from '../../../components/loading-spinner.js';
import { formatDateTime, formatNumber } from '../../../lib/format.js';
import { useDailyUsage } from '../api/get-telegram-user.js';
import { FieldList } from './field-list.js';

/**
 * Where the user's daily allowance stands (spec §2.10 "Daily Usage"), as the bot decides it: a user
 * the bot refuses gets the status of why (REFUSAL_STATUSES: "Blocked" only when staff blocked them,
 * "Limit reached" when today's allowance is used up) with the reason; whitelisted admins are unlimited.
 */
export function DailyUsagePanel({ telegramId }: { telegramId: string }) {
  const usage = useDailyUsage(telegramId);
  if (usage.isPending) return <LoadingSpinner label="Loading usage..." />;
  if (usage.isError) return <p className="mt-4 text-tremor-default text-tremor-content">No usage data available for this user.</p>;
  const { used, remaining, limit, refusal, reason, resetTime } = usage.data;
  return (
    <FieldList
      fields={[
        ['Used Today', formatNumber(used)],
        ['Remaining', remaining === null ? 'Unlimited' : formatNumber(remaining)],
        ['Daily Limit', limit === null ? 'Unlimited (whitelisted admin)' : formatNumber(limit)],
        [
          'Status',
          <span key="status" className="flex flex-col items-start gap-1">
            <Badge color={refusal === null ? 'emerald' : refusal === 'blocked' ? 'red' : 'amber'}>{refusal === null ? 'Allowed' : REFUSAL_STATUSES[refusal]}</Badge>
            {reason ? <span className="text-tremor-label text-tremor-content">{reason}</span> : null}
          </span>,
        ],
        ['Reset Time', formatDateTime(resetTime)],
      ]}
    />
  );
}
