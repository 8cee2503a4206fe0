import { Card } from '@tremor/react';
import type { BotLogStats } from '../../../../../api/contract/bot-logs.js';
import { formatNumber } from '../../../lib/format.js';

/** The four stat cards of spec §2.8, over every log matching the filter. */
export function LogStats({ total, stats }: { total: number; stats: BotLogStats }) {
  const figures = [
    { label: 'Total', value: total, note: 'Logs matching the filter' },
    { label: 'Successful', value: stats.successful, note: 'INFO: the bot answered' },
    { label: 'Warnings', value: stats.warnings, note: 'WARN: refused or nothing found' },
    { label: 'Errors', value: stats.errors, note: 'ERROR: the bot failed' },
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
