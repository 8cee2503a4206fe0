import { Card } from '@tremor/react';
import type { ContactListResponse } from '../../../../../api/contract/medical-contacts.js';
import { formatNumber } from '../../../lib/format.js';

/** The four stats cards of spec §2.7, over the whole directory. */
export function ContactStats({ stats }: { stats: ContactListResponse['stats'] }) {
  const figures = [
    { label: 'Total Contacts', value: stats.total, note: `${formatNumber(stats.notFindable)} without a location` },
    { label: 'Master of Medicine', value: stats.masterOfMedicine, note: 'Offered first by the bot' },
    { label: 'Verified', value: stats.verified, note: `${formatNumber(stats.dueForReverification)} due for re-verification` },
    { label: 'Active', value: stats.active, note: `${formatNumber(stats.total - stats.active)} inactive` },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {figures.map(({ label, value, note }) => (
        <Card key={label} className="p-4">
          <dt className="text-tremor-default text-tremor-content">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-tremor-content-strong">{formatNumber(value)}</dd>
          <dd className="mt-1 text-tremor-label text-tremor-content-subtle">{note}</dd>
        </Card>
      ))}
    </dl>
  );
}
