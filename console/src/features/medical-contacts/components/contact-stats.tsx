import type { ContactListResponse } from '@contract/medical-contacts.js';
import { formatCount, formatNumber } from '../../../lib/format.js';
import { StatCards } from '../../../components/stat-cards.js';

/** The four stats cards of spec §2.7, over the whole directory. */
export function ContactStats({ stats }: { stats: ContactListResponse['stats'] }) {
  const figures = [
    {
      label: 'Total Contacts',
      value: stats.total,
      note: `${formatNumber(stats.notFindable)} without a location, ${formatNumber(stats.locationApproximate)} at their city's centre only`,
    },
    { label: 'Master of Medicine', value: stats.masterOfMedicine, note: 'Offered first by the bot' },
    { label: 'Verified', value: stats.verified, note: `${formatNumber(stats.dueForReverification)} due for re-verification, ${formatNumber(stats.hoursNotVerified)} with hours not verified` },
    {
      label: 'Active',
      value: stats.active,
      note: `${formatNumber(stats.total - stats.active)} inactive, ${formatCount(stats.phonesNotReadable, 'phone')} to correct`,
    },
  ];
  return <StatCards label="Directory summary" figures={figures} />;
}
