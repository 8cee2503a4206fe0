import type { DashboardStats } from '@contract/dashboard.js';
import { StatCards } from '../../../components/stat-cards.js';
import { formatCount, formatNumber } from '../../../lib/format.js';

/** The three smaller stat cards: the directory the bot answers from, its users, and what staff sent them. */
export function DashboardStatCards({ stats }: { stats: DashboardStats }) {
  const figures = [
    {
      label: 'Medical Contacts',
      value: `${formatNumber(stats.contacts.active)} / ${formatNumber(stats.contacts.total)}`,
      note: 'Active of all: the bot answers with the active ones',
    },
    { label: 'Bot Users', value: stats.botUsers.total, note: `${formatNumber(stats.botUsers.newInWindow)} new in this time range` },
    {
      label: 'Broadcasts Sent',
      value: stats.broadcasts.sentInWindow,
      // Cancelled ones count too: what they delivered before the cancel reached people all the same.
      note: `Finished in this time range, cancelled ones included: ${formatCount(stats.broadcasts.deliveredInWindow, 'message')} delivered`,
    },
  ];
  return <StatCards label="Directory, users and broadcasts" figures={figures} columns={3} />;
}
