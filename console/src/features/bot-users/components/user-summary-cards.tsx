import { Card } from '@tremor/react';
import type { TelegramUserSummary } from '../../../../../api/contract/telegram-users.js';
import { formatNumber } from '../../../lib/format.js';

/** The four summary cards of spec §2.10, over all users whatever the filter. */
export function UserSummaryCards({ summary }: { summary: TelegramUserSummary | undefined }) {
  const figures = [
    { label: 'Total Users', value: summary?.totalUsers },
    { label: 'Active Users', value: summary?.activeUsers },
    { label: 'Inactive Users', value: summary?.inactiveUsers },
    { label: 'Total Requests', value: summary?.totalRequests },
  ];
  return (
    <dl aria-label="User summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {figures.map(({ label, value }) => (
        <Card key={label} className="p-4">
          <dt className="text-tremor-default text-tremor-content">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-tremor-content-strong">{value === undefined ? '–' : formatNumber(value)}</dd>
        </Card>
      ))}
    </dl>
  );
}
