import { Badge, Button } from '@tremor/react';
import { useState } from 'react';
import type { SystemHealth } from '@contract/system-health.js';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { LoadingSpinner } from '../../../components/loading-spinner.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatBytes, formatCount, formatDateTime, formatDayAndTime, formatElapsed, formatNumber } from '../../../lib/format.js';
import { useSystemHealth } from '../api/get-system-health.js';
import { useStartBackup } from '../api/start-backup.js';

const BOT_STATES: Record<string, string> = {
  running: 'Connected',
  starting: 'Connecting',
  failed: 'Could not connect',
  stopped: 'Stopped',
  not_running: 'Not running',
};

const BOT_MODES: Record<NonNullable<SystemHealth['bot']['mode']>, string> = {
  polling: 'Long polling',
  webhook: 'Webhook',
};

function figures(health: SystemHealth): { label: string; value: string }[] {
  const { lastHour, backup } = health;
  return [
    { label: 'Uptime', value: formatElapsed(health.uptimeSeconds) },
    { label: 'Database latency', value: health.database.latencyMs === null ? 'Unreachable' : `${health.database.latencyMs} ms` },
    { label: 'Bot connection', value: BOT_STATES[health.bot.state] ?? health.bot.state },
    { label: 'Bot updates by', value: health.bot.mode ? BOT_MODES[health.bot.mode] : 'No bot in this process' },
    { label: 'Last bot update', value: health.bot.lastUpdateAt ? formatDateTime(health.bot.lastUpdateAt) : 'None yet' },
    { label: 'Broadcast queue', value: `${formatNumber(health.broadcastQueueDepth)} waiting` },
    { label: 'Memory (RSS)', value: formatBytes(health.memory.rssBytes) },
    { label: 'JavaScript heap', value: `${formatBytes(health.memory.heapUsedBytes)} used of its ${formatBytes(health.memory.heapLimitBytes)} limit` },
    {
      label: 'Error rate (last hour)',
      value: lastHour.errorRate === null ? formatCount(lastHour.errors, 'error') : `${lastHour.errorRate}% of ${formatCount(lastHour.requests, 'request')}`,
    },
    { label: `Answers over ${lastHour.maxResponseTimeSeconds} s (last hour)`, value: formatNumber(lastHour.slowResponses) },
    { label: 'Last backup', value: backup.running ? 'Running now' : backup.lastBackupAt ? formatDayAndTime(backup.lastBackupAt) : 'No backup yet' },
    { label: 'Automatic backup', value: backup.autoBackup ? 'Daily' : 'Off' },
  ];
}

/** The System Health Monitor (spec §2.4): live values, refreshed every 5 seconds while open. */
export function SystemHealthDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <ModalDialog open={open} onClose={onClose} title="System Health" description="Live values, refreshed every 5 seconds." size="lg">
      <HealthMonitor onClose={onClose} />
    </ModalDialog>
  );
}

function HealthMonitor({ onClose }: { onClose: () => void }) {
  const health = useSystemHealth({ live: true });
  const backUp = useStartBackup();
  const [confirmingBackup, setConfirmingBackup] = useState(false);
  if (health.isPending) return <LoadingSpinner label="Checking the system..." />;
  if (!health.data) return <ErrorAlert title="The system health could not be read" detail={errorMessage(health.error, '')} />;
  const operational = health.data.status === 'operational';
  const { pauseSeconds } = health.data.backup;
  // The embedded database holds the bot's queries while its files are copied: say for how long before it starts.
  const startBackup = () => (pauseSeconds === null ? backUp.mutate() : setConfirmingBackup(true));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <Badge color={operational ? 'emerald' : 'amber'}>{operational ? 'Operational' : 'Degraded'}</Badge>
        <span className="text-tremor-label text-tremor-content">Checked {formatDateTime(health.data.checkedAt)}</span>
      </div>
      {health.data.reasons.length > 0 ? (
        <ul aria-label="What needs attention" className="list-disc space-y-1 pl-5 text-tremor-default text-amber-800">
          {health.data.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      {health.data.alerts.problem ? (
        <p aria-label="Telegram alerts" className="text-tremor-default text-amber-800">
          {health.data.alerts.problem}
        </p>
      ) : null}
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {figures(health.data).map(({ label, value }) => (
          <div key={label} className="min-w-0 rounded-tremor-small border border-tremor-border p-3">
            <dt className="text-tremor-label text-tremor-content">{label}</dt>
            <dd className="mt-1 truncate text-tremor-default font-medium text-tremor-content-strong">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex justify-end gap-3 border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={startBackup} disabled={backUp.isPending || health.data.backup.running}>
          {health.data.backup.running ? 'Backing up...' : 'Back up now'}
        </Button>
        <Button type="button" onClick={onClose}>
          Close
        </Button>
      </div>
      {pauseSeconds === null ? null : (
        <ConfirmDeleteDialog
          open={confirmingBackup}
          onClose={() => setConfirmingBackup(false)}
          title="Back up now?"
          description={`The bot pauses for about ${formatNumber(pauseSeconds)} s while the backup is taken: its answers wait until then. The automatic backup runs at a quiet hour (Settings → Backup hour).`}
          pending={backUp.isPending}
          onConfirm={() => {
            backUp.mutate();
            setConfirmingBackup(false);
          }}
          confirmLabel="Back up now"
          pendingLabel="Starting..."
        />
      )}
    </div>
  );
}
