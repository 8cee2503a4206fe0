import RiCheckboxCircleLine from 'remixicon/icons/System/checkbox-circle-line.svg?react';
import RiErrorWarningLine from 'remixicon/icons/System/error-warning-line.svg?react';
import { Callout } from '@tremor/react';
import type { SystemHealth } from '@contract/system-health.js';
import { formatDayAndTime } from '../../../lib/format.js';
import { useSystemHealth } from '../api/get-system-health.js';

/** "All systems operational." only when it is so; otherwise what is wrong, in the server's words. */
export function statusSentence(health: SystemHealth): string {
  if (health.status === 'operational') return 'All systems operational.';
  return `Attention needed: ${health.reasons.join('; ')}.`;
}

export function lastBackupSentence(health: SystemHealth): string {
  return `Last backup: ${health.backup.lastBackupAt ? `${formatDayAndTime(health.backup.lastBackupAt)}.` : 'No backup yet.'}`;
}

/** The System Status banner (spec §2.4), from the live health check every role may read. */
export function SystemStatusBanner() {
  const health = useSystemHealth();
  if (health.isPending) return <Callout title="System Status">Checking the system...</Callout>;
  if (!health.data) {
    return (
      <Callout title="System Status" color="red" icon={RiErrorWarningLine}>
        The system status could not be read.
      </Callout>
    );
  }
  const operational = health.data.status === 'operational';
  return (
    <Callout
      title="System Status"
      color={operational ? 'emerald' : 'amber'}
      icon={operational ? RiCheckboxCircleLine : RiErrorWarningLine}
      role="status"
      aria-label="System Status"
    >
      {statusSentence(health.data)} {lastBackupSentence(health.data)}
    </Callout>
  );
}
