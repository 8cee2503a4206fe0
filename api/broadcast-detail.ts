import type { Broadcast, BroadcastDetail } from './contract/broadcasts.js';
import type { Sql } from '../sql/database.js';
import {
  broadcastRatePerSecond,
  countRecipientLanguages,
  countRecipients,
  listRecipientsIn,
  selectedRecipients,
  type StoredBroadcast,
} from '../sql/broadcasts.js';

/** Failed (and unknown) recipients listed in a broadcast's detail. */
const RECIPIENTS_SHOWN = 500;
/** The window the progress rate is measured over. */
const RATE_WINDOW_SECONDS = 10;

/** A broadcast as the console lists it; its texts per language are shown only in its detail. */
export function toBroadcast({ translations: _translations, ...row }: StoredBroadcast, targetUsers: number[] = []): Broadcast {
  return {
    ...row,
    targetUsers,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/**
 * A broadcast's detail at `at` (spec §2.6): its progress (the rate over the last seconds, and the time
 * left at that rate, or at the configured broadcast rate before any is measured), its recipients per
 * language and the failed and unknown recipients listed.
 */
export async function broadcastDetail(sql: Sql, row: StoredBroadcast, at: Date): Promise<BroadcastDetail> {
  const counts = await countRecipients(sql, row.id, new Date(at.getTime() - RATE_WINDOW_SECONDS * 1000));
  const selected = row.targetType === 'selected' ? await selectedRecipients(sql, [row.id]) : new Map<number, number[]>();
  const pending = counts.pending + counts.sending;
  const measured = counts.recent / RATE_WINDOW_SECONDS;
  const open = row.status === 'queued' || row.status === 'sending' || row.status === 'interrupted';
  const rate = open ? measured : 0;
  const expected = measured > 0 ? measured : await broadcastRatePerSecond(sql);
  const done = counts.delivered + counts.failed + counts.unknown;
  const languages = await countRecipientLanguages(sql, row.id);
  return {
    ...toBroadcast(row, selected.get(row.id)),
    translations: row.translations,
    languages: languages.map((counts) => ({ ...counts, translated: row.translations[counts.language] !== undefined })),
    progress: {
      sent: counts.delivered,
      failed: counts.failed,
      unknown: counts.unknown,
      pending,
      rate: Math.round(rate * 10) / 10,
      estimatedSecondsLeft: open ? Math.ceil(pending / expected) : null,
      percent: row.totalRecipients > 0 ? Math.round((done / row.totalRecipients) * 1000) / 10 : 100,
    },
    failedRecipients: await listRecipientsIn(sql, row.id, 'failed', RECIPIENTS_SHOWN),
    unknownRecipients: counts.unknown > 0 ? await listRecipientsIn(sql, row.id, 'unknown', RECIPIENTS_SHOWN) : [],
  };
}
