import { Card } from '@tremor/react';
import type { DashboardStats } from '../../../../../api/contract/dashboard.js';
import { formatCount, formatNumber } from '../../../lib/format.js';

/** The three smaller stat cards: the directory the bot answers from, its users, and what staff sent them. */
export function StatCards({ stats }: { stats: DashboardStats }) {
  const figures = [
    {
      label: 'Medical Contacts',
      value: `${formatNumber(stats.contacts.active)} / ${formatNumber(stats.contacts.total)}`,
      note: 'Active of all: the bot answers with the active ones',
    },
    { label: 'Bot Users', value: formatNumber(stats.botUsers.total), note: `${formatNumber(stats.botUsers.newInWindow)} new in this time range` },
    {
      label: 'Broadcasts Sent',
      value: formatNumber(stats.broadcasts.sentInWindow),
      note: `${formatCount(stats.broadcasts.deliveredInWindow, 'message')} delivered in this time range`,
    },
  ];
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
      {figures.map(({ label, value, note }) => (
        <Card key={label} className="p-4">
          <dt className="text-tremor-default text-tremor-content">{label}</dt>
          <dd className="mt-1 text-xl font-semibold text-tremor-content-strong">{value}</dd>
          <dd className="mt-1 text-tremor-label text-tremor-content-subtle">{note}</dd>
        </Card>
      ))}
    </dl>
  );
}
