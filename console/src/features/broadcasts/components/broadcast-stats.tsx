import { reachableUsersNote } from '@contract/figure-definitions.js';
import { formatNumber } from '../../../lib/format.js';
import { StatCards } from '../../../components/stat-cards.js';

export interface BroadcastFigures {
  /** Undefined while loading or when the list could not be read. */
  users: number | undefined;
  reachableUsers: number | undefined;
  templates: number | undefined;
  activeTemplates: number | undefined;
  broadcasts: number | undefined;
  delivered: number | undefined;
  failed: number | undefined;
}

/** The four stats cards of spec §2.6. */
export function BroadcastStats({ figures }: { figures: BroadcastFigures }) {
  const cards = [
    {
      label: 'Total Users',
      value: figures.users,
      note: figures.reachableUsers === undefined ? 'Bot users' : reachableUsersNote(formatNumber(figures.reachableUsers)),
    },
    {
      label: 'Templates',
      value: figures.templates,
      note: figures.activeTemplates === undefined ? 'Message templates' : `${formatNumber(figures.activeTemplates)} active`,
    },
    { label: 'Broadcasts', value: figures.broadcasts, note: 'Sent from this console' },
    {
      label: 'Total Delivered',
      value: figures.delivered,
      note: figures.failed === undefined ? 'In every broadcast so far' : `${formatNumber(figures.failed)} failed`,
    },
  ];
  return <StatCards label="Broadcast summary" figures={cards} />;
}
