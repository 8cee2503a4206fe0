import type { BotLogStats } from '@contract/bot-logs.js';
import { StatCards } from '../../../components/stat-cards.js';

/** The four stat cards of spec §2.8, over every log matching the filter. */
export function LogStats({ total, stats }: { total: number; stats: BotLogStats }) {
  const figures = [
    { label: 'Total', value: total, note: 'Logs matching the filter' },
    { label: 'Successful', value: stats.successful, note: 'INFO: the bot answered' },
    { label: 'Warnings', value: stats.warnings, note: 'WARN: refused or nothing found' },
    { label: 'Errors', value: stats.errors, note: 'ERROR: the bot failed' },
  ];
  return <StatCards label="Log summary" figures={figures} />;
}
