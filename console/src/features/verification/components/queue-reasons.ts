import { QUEUE_REASON_LABELS, type QueueReasonEntry } from '@contract/verification-queue.js';
import { formatDate } from '../../../lib/format.js';

/** One reason as a row shows it: "Reported since 3 Nov 2026", "Overdue since 1 Oct 2026", "Never verified". */
export function reasonLabel(reason: QueueReasonEntry): string {
  return reason.since ? `${QUEUE_REASON_LABELS[reason.kind]} since ${formatDate(reason.since)}` : QUEUE_REASON_LABELS[reason.kind];
}

/** Every reason, in one line. */
export function reasonText(reasons: readonly QueueReasonEntry[]): string {
  return reasons.map(reasonLabel).join(' · ');
}
