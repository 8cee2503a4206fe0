import { Button } from '@tremor/react';
import { useId } from 'react';
import type { FailedRecipient } from '@contract/broadcasts.js';
import { ErrorAlert } from '../../../components/error-alert.js';
import { LoadingSpinner } from '../../../components/loading-spinner.js';
import { ModalDialog } from '../../../components/modal-dialog.js';
import { errorMessage } from '../../../lib/api-client.js';
import { formatDateTime, formatNumber } from '../../../lib/format.js';
import { useBroadcast } from '../api/get-broadcast.js';
import { BroadcastProgress } from './broadcast-progress.js';
import { LanguageDeliveries } from './language-deliveries.js';
import { StatusBadge } from './status-badge.js';

interface BroadcastDetailDialogProps {
  id: number | null;
  open: boolean;
  onClose: () => void;
}

interface RecipientListProps {
  heading: string;
  note?: string;
  total: number;
  recipients: FailedRecipient[];
  /** What the list holds, for "The first N … are listed." */
  listed: string;
  none?: string;
  /** Failures carry Telegram's reason; unknown sends have none to give. */
  withReason?: boolean;
}

/** A list of a broadcast's recipients, with Telegram's reason when they failed. */
function RecipientList({ heading, note, total, recipients, listed, none, withReason = false }: RecipientListProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h3 id={headingId} className="text-tremor-default font-semibold text-tremor-content-strong">
        {heading}
      </h3>
      {note ? <p className="text-tremor-label text-tremor-content">{note}</p> : null}
      {recipients.length < total ? (
        <p className="text-tremor-label text-tremor-content">
          The first {formatNumber(recipients.length)} {listed} are listed.
        </p>
      ) : null}
      {recipients.length === 0 ? (
        <p className="text-tremor-default text-tremor-content">{none}</p>
      ) : (
        <ul className="max-h-64 divide-y divide-tremor-border overflow-y-auto rounded-tremor-default border border-tremor-border">
          {recipients.map((recipient) => (
            <li key={recipient.telegramId} className="flex flex-col gap-0.5 px-3 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <span className="text-tremor-default text-tremor-content-strong">
                {recipient.firstName || 'Unknown user'}
                <span className="text-tremor-content">
                  {recipient.username ? ` @${recipient.username}` : ''} · ID {recipient.telegramId}
                </span>
              </span>
              {withReason ? (
                <span className="[overflow-wrap:anywhere] text-tremor-label text-red-600">
                  {recipient.error ?? 'No reason given'}
                  {recipient.attempts > 1 ? ` (${recipient.attempts} attempts)` : ''}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One broadcast in full: content, progress, each failed recipient with Telegram's reason, and the unknown ones. */
export function BroadcastDetailDialog({ id, open, onClose }: BroadcastDetailDialogProps) {
  const detail = useBroadcast(open ? id : null);
  const broadcast = detail.data;
  return (
    <ModalDialog open={open} onClose={onClose} size="lg" title={broadcast ? broadcast.title : 'Broadcast details'}>
      {detail.isPending ? (
        <LoadingSpinner label="Loading the broadcast..." />
      ) : detail.isError ? (
        <ErrorAlert title="Could not load the broadcast" detail={errorMessage(detail.error, 'Check your connection and try again.')} />
      ) : (
        <div className="space-y-5">
          <div className="flex flex-wrap items-center gap-2 text-tremor-default text-tremor-content">
            <StatusBadge status={detail.data.status} />
            <span>Created {formatDateTime(detail.data.createdAt)}</span>
            {detail.data.finishedAt ? <span>· finished {formatDateTime(detail.data.finishedAt)}</span> : null}
          </div>
          <p className="max-h-48 overflow-y-auto whitespace-pre-wrap [overflow-wrap:anywhere] rounded-tremor-default bg-tremor-background-muted p-3 text-tremor-default text-tremor-content-strong">
            {detail.data.content}
          </p>
          <BroadcastProgress broadcast={detail.data} />
          <LanguageDeliveries broadcast={detail.data} />
          <RecipientList
            heading={`Failed recipients (${formatNumber(detail.data.progress.failed)})`}
            total={detail.data.progress.failed}
            recipients={detail.data.failedRecipients}
            listed="failures"
            none="Nobody so far: every message sent was delivered."
            withReason
          />
          {detail.data.progress.unknown > 0 ? (
            <RecipientList
              heading={`Unknown recipients (${formatNumber(detail.data.progress.unknown)})`}
              note="In flight when the sender stopped: each may or may not have the message."
              total={detail.data.progress.unknown}
              recipients={detail.data.unknownRecipients}
              listed="unknown recipients"
            />
          ) : null}
        </div>
      )}
      <div className="mt-5 flex justify-end border-t border-tremor-border pt-4">
        <Button type="button" variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </ModalDialog>
  );
}
