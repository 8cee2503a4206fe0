import type { TelegramUserSummary } from '@contract/bot-users.js';
import { ACTIVE_USERS_DEFINITION } from '@contract/figure-definitions.js';
import { StatCards } from '../../../components/stat-cards.js';

/** The four summary cards of spec §2.10, over all users whatever the filter. */
export function UserSummaryCards({ summary }: { summary: TelegramUserSummary | undefined }) {
  const figures = [
    { label: 'Total Users', value: summary?.totalUsers, note: 'Everyone who has written to the bot' },
    { label: 'Active Users', value: summary?.activeUsers, note: ACTIVE_USERS_DEFINITION },
    { label: 'Inactive Users', value: summary?.inactiveUsers, note: 'Blocked the bot or left Telegram' },
    // Not the Dashboard's or Analytics' Total Requests (every request of a period, errors included).
    { label: 'Total Requests', value: summary?.totalRequests, note: 'Searches answered, since each user joined' },
  ];
  return <StatCards label="User summary" figures={figures} />;
}
