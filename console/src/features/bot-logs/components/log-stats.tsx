import type { BotLogStats } from '@contract/bot-logs.js';
import { StatCards } from '../../../components/stat-cards.js';

/**
 * The four stat cards of spec §2.8, over every log matching the filter. DEBUG logs have no card of their
 * own: the Total's note counts them, so the cards still add up.
 */
export function LogStats({ total, stats }: { total: number; stats: BotLogStats }) {
  const debug = total - stats.successful - stats.warnings - stats.errors;
  const figures = [
    { label: 'Total', value: total, note: debug > 0 ? `Logs matching the filter, ${debug.toLocaleString('en-GB')} of them DEBUG` : 'Logs matching the filter' },
    { label: 'Successful', value: stats.successful, note: 'INFO: the bot answered' },
    { label: 'Warnings', value: stats.warnings, note: 'WARN: refused or nothing found' },
    { label: 'Errors', value: stats.errors, note: 'ERROR: the bot failed' },
  ];
  return <StatCards label="Log summary" figures={figures} />;
}
