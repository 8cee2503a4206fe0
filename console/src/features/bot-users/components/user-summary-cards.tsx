import type { TelegramUserSummary } from '@contract/bot-users.js';
import { StatCards } from '../../../components/stat-cards.js';

/** The four summary cards of spec §2.10, over all users whatever the filter. */
export function UserSummaryCards({ summary }: { summary: TelegramUserSummary | undefined }) {
  const figures = [
    { label: 'Total Users', value: summary?.totalUsers },
    { label: 'Active Users', value: summary?.activeUsers },
    { label: 'Inactive Users', value: summary?.inactiveUsers },
    { label: 'Total Requests', value: summary?.totalRequests },
  ];
  return <StatCards label="User summary" figures={figures} />;
}
