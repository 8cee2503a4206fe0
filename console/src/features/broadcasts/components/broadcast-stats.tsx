import { Card } from '@tremor/react';
import { formatNumber } from '../../../lib/format.js';

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

const figure = (value: number | undefined) => (value === undefined ? '–' : formatNumber(value));

/** The four stats cards of spec §2.6. */
export function BroadcastStats({ figures }: { figures: BroadcastFigures }) {
  const cards = [
    {
      label: 'Total Users',
      value: figures.users,
      note: figures.reachableUsers === undefined ? 'Bot users' : `${formatNumber(figures.reachableUsers)} reachable`,
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
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
      {cards.map(({ label, value, note }) => (
        <Card key={label} className="p-4">
          <dt className="text-tremor-default text-tremor-content">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-tremor-content-strong">{figure(value)}</dd>
          <dd className="mt-1 text-tremor-label text-tremor-content-subtle">{note}</dd>
        </Card>
      ))}
    </dl>
  );
}
