import RiCloseCircleLine from 'remixicon/icons/System/close-circle-line.svg?react';
import RiQuestionLine from 'remixicon/icons/System/question-line.svg?react';
import RiRefreshLine from 'remixicon/icons/System/refresh-line.svg?react';
import { Button, ProgressBar } from '@tremor/react';
import { useState } from 'react';
import type { BroadcastDetail } from '@contract/broadcasts.js';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog.js';
import { formatCount, formatNumber, pluralForm } from '../../../lib/format.js';
import { isRunning } from '../api/get-broadcast-history.js';
import { useCancelBroadcast, useRetryFailed, useSendToUnknown } from '../api/broadcast-actions.js';

/** "45 s", "2 min 5 s", "1 h 3 min". */
export function formatSecondsLeft(seconds: number | null): string {
  if (seconds === null) return '–';
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min ${whole % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

function stateLine(status: BroadcastDetail['status']): string {
  if (status === 'queued') return 'Queued...';
  if (status === 'sending') return 'Sending...';
  if (status === 'interrupted') return 'Interrupted: resuming...';
  return `Finished: ${status}`;
}

/**
 * A broadcast's delivery as it happens: the bar, the counts, the rate and the time left, with Cancel
 * while it runs; once no sender is at work (finished or interrupted), "Retry failed" for failures and
 * "Send to unknown" (after a confirmation: they may get it twice) for sends a crash left in doubt.
 */
export function BroadcastProgress({ broadcast }: { broadcast: BroadcastDetail }) {
  const cancel = useCancelBroadcast();
  const retry = useRetryFailed();
  const sendToUnknown = useSendToUnknown();
  const [confirmingUnknown, setConfirmingUnknown] = useState(false);
  const { progress } = broadcast;
  const running = isRunning(broadcast.status);
  const atWork = broadcast.status === 'queued' || broadcast.status === 'sending';
  const figures = [
    { label: 'Sent', value: formatNumber(progress.sent) },
    { label: 'Failed', value: formatNumber(progress.failed) },
    { label: 'Unknown', value: formatNumber(progress.unknown) },
    { label: 'Pending', value: formatNumber(progress.pending) },
    { label: 'Rate', value: `${progress.rate.toLocaleString('en-GB', { maximumFractionDigits: 1 })}/s` },
    { label: 'Time left', value: running ? formatSecondsLeft(progress.estimatedSecondsLeft) : 'Done' },
  ];
  const percent = Math.round(progress.percent);
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-3 text-tremor-default">
        <span className="text-tremor-content">{stateLine(broadcast.status)}</span>
        <span className="font-medium text-tremor-content-strong">{percent}%</span>
      </div>
      <ProgressBar value={percent} color={progress.failed + progress.unknown > 0 ? 'amber' : 'blue'} showAnimation aria-label={`Delivery progress of ${broadcast.title}`} />
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-3 lg:grid-cols-6">
        {figures.map(({ label, value }) => (
          <div key={label}>
            <dt className="text-tremor-label text-tremor-content">{label}</dt>
            <dd className="text-tremor-default font-semibold tabular-nums text-tremor-content-strong">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        {running ? (
          <Button type="button" size="xs" variant="secondary" color="red" icon={RiCloseCircleLine} disabled={cancel.isPending} onClick={() => cancel.mutate(broadcast.id)}>
            {cancel.isPending ? 'Cancelling...' : 'Cancel'}
          </Button>
        ) : null}
        {!atWork && progress.failed > 0 ? (
          <Button type="button" size="xs" variant="secondary" icon={RiRefreshLine} disabled={retry.isPending} onClick={() => retry.mutate(broadcast.id)}>
            {retry.isPending ? 'Retrying...' : 'Retry failed'}
          </Button>
        ) : null}
        {!atWork && progress.unknown > 0 ? (
          <Button type="button" size="xs" variant="secondary" icon={RiQuestionLine} onClick={() => setConfirmingUnknown(true)}>
            Send to unknown
          </Button>
        ) : null}
      </div>
      <ConfirmDeleteDialog
        open={confirmingUnknown}
        onClose={() => setConfirmingUnknown(false)}
        title="Send to unknown recipients?"
        description={`${formatCount(progress.unknown, 'message')} ${pluralForm(progress.unknown, 'was', 'were')} in flight when the sender stopped, so nobody knows whether ${pluralForm(progress.unknown, 'it', 'they')} arrived. Sending again may give some of these recipients the message twice.`}
        pending={sendToUnknown.isPending}
        confirmLabel="Send to unknown"
        pendingLabel="Sending..."
        onConfirm={() => sendToUnknown.mutate(broadcast.id, { onSettled: () => setConfirmingUnknown(false) })}
      />
    </div>
  );
}
