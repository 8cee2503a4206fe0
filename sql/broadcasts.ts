import type { BroadcastStatus, BroadcastTargetType } from '../api/contract/broadcasts.js';
import type { Sql } from './database.js';

export interface StoredBroadcast {
  id: number;
  title: string;
  content: string;
  templateId: number | null;
  targetType: BroadcastTargetType;
  status: BroadcastStatus;
  successCount: number;
  failureCount: number;
  totalRecipients: number;
  createdBy: number | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface NewBroadcast {
  title: string;
  content: string;
  templateId: number | null;
  targetType: BroadcastTargetType;
  createdBy: number | null;
  /** Telegram ids for 'selected'; null means every active bot user. */
  telegramIds: number[] | null;
}

const BROADCAST_COLUMNS = (sql: Sql) => sql`
  id::int, title, content, template_id::int, target_type, status, success_count, failure_count, total_recipients,
  created_by::int, created_at, started_at, finished_at`;

/**
 * Creates a broadcast and its recipients (a snapshot: the active, not staff-blocked bot users, or the
 * listed ones among the known bot users) in one transaction. Returns null when no recipient qualifies.
 */
export async function insertBroadcast(sql: Sql, broadcast: NewBroadcast, at: Date): Promise<StoredBroadcast | null> {
  return sql.begin(async (transaction) => {
    const tx = transaction as unknown as Sql;
    const [created] = await tx<StoredBroadcast[]>`
      INSERT INTO broadcasts (title, content, template_id, target_type, created_by, created_at)
      VALUES (${broadcast.title}, ${broadcast.content}, ${broadcast.templateId}, ${broadcast.targetType}, ${broadcast.createdBy}, ${at})
      RETURNING ${BROADCAST_COLUMNS(tx)}`;
    const id = created!.id;
    const inserted = broadcast.telegramIds
      ? await tx`
          INSERT INTO broadcast_recipients (broadcast_id, telegram_id)
          SELECT ${id}, u.telegram_id FROM telegram_users u
          WHERE u.telegram_id = ANY(${broadcast.telegramIds}::bigint[])
          ORDER BY u.telegram_id`
      : await tx`
          INSERT INTO broadcast_recipients (broadcast_id, telegram_id)
          SELECT ${id}, telegram_id FROM telegram_users WHERE is_active AND NOT is_blocked ORDER BY telegram_id`;
    if (inserted.count === 0) throw new NoRecipientsError();
    const [updated] = await tx<StoredBroadcast[]>`
      UPDATE broadcasts SET total_recipients = ${inserted.count} WHERE id = ${id} RETURNING ${BROADCAST_COLUMNS(tx)}`;
    return updated!;
  }).catch((error: unknown) => {
    if (error instanceof NoRecipientsError) return null;
    throw error;
  }) as Promise<StoredBroadcast | null>;
}

class NoRecipientsError extends Error {}

export async function findBroadcast(sql: Sql, id: number): Promise<StoredBroadcast | undefined> {
  const [row] = await sql<StoredBroadcast[]>`SELECT ${BROADCAST_COLUMNS(sql)} FROM broadcasts WHERE id = ${id}`;
  return row;
}

/** The latest broadcasts, newest first, with content cut to `contentLength` characters. */
export async function listRecentBroadcasts(sql: Sql, limit: number, contentLength: number): Promise<StoredBroadcast[]> {
  return sql<StoredBroadcast[]>`
    SELECT id::int, title, left(content, ${contentLength}) AS content, template_id::int, target_type, status, success_count,
      failure_count, total_recipients, created_by::int, created_at, started_at, finished_at
    FROM broadcasts ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
}

/** How many broadcasts there have been, and their deliveries and failures in all. */
export async function broadcastTotals(sql: Sql): Promise<{ broadcasts: number; delivered: number; failed: number }> {
  const [totals] = await sql<{ broadcasts: number; delivered: number; failed: number }[]>`
    SELECT count(*)::int AS broadcasts, coalesce(sum(success_count), 0)::float8 AS delivered,
      coalesce(sum(failure_count), 0)::float8 AS failed
    FROM broadcasts`;
  return totals!;
}

/** The recipients' Telegram ids of 'selected' broadcasts. */
export async function selectedRecipients(sql: Sql, ids: number[]): Promise<Map<number, number[]>> {
  if (ids.length === 0) return new Map();
  const rows = await sql<{ broadcastId: number; telegramIds: string[] }[]>`
    SELECT r.broadcast_id::int, array_agg(r.telegram_id ORDER BY r.telegram_id)::text[] AS telegram_ids
    FROM broadcast_recipients r JOIN broadcasts b ON b.id = r.broadcast_id
    WHERE r.broadcast_id = ANY(${ids}::bigint[]) AND b.target_type = 'selected'
    GROUP BY r.broadcast_id`;
  return new Map(rows.map((row) => [row.broadcastId, row.telegramIds.map(Number)]));
}

export interface RecipientCounts {
  delivered: number;
  failed: number;
  pending: number;
  sending: number;
  /** Deliveries stamped after `since`. */
  recent: number;
}

export async function countRecipients(sql: Sql, broadcastId: number, since: Date): Promise<RecipientCounts> {
  const [row] = await sql<RecipientCounts[]>`
    SELECT count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
      count(*) FILTER (WHERE status = 'failed')::int AS failed,
      count(*) FILTER (WHERE status = 'pending')::int AS pending,
      count(*) FILTER (WHERE status = 'sending')::int AS sending,
      count(*) FILTER (WHERE status = 'delivered' AND sent_at > ${since})::int AS recent
    FROM broadcast_recipients WHERE broadcast_id = ${broadcastId}`;
  return row!;
}

export interface FailedRecipientRow {
  telegramId: number;
  firstName: string | null;
  username: string | null;
  error: string | null;
  attempts: number;
}

export async function listFailedRecipients(sql: Sql, broadcastId: number, limit: number): Promise<FailedRecipientRow[]> {
  return sql<FailedRecipientRow[]>`
    SELECT r.telegram_id::float8 AS telegram_id, u.first_name, u.username, r.error, r.attempts
    FROM broadcast_recipients r LEFT JOIN telegram_users u ON u.telegram_id = r.telegram_id
    WHERE r.broadcast_id = ${broadcastId} AND r.status = 'failed'
    ORDER BY r.telegram_id LIMIT ${limit}`;
}

/** Cancels a queued or sending broadcast: its pending recipients fail as 'cancelled'. False when it was not open. */
export async function cancelBroadcast(sql: Sql, broadcastId: number, at: Date): Promise<boolean> {
  return sql.begin(async (transaction) => {
    const tx = transaction as unknown as Sql;
    const [open] = await tx`
      UPDATE broadcasts SET status = 'cancelled', finished_at = ${at}
      WHERE id = ${broadcastId} AND status IN ('queued', 'sending') RETURNING id`;
    if (!open) return false;
    const cancelled = await tx`
      UPDATE broadcast_recipients SET status = 'failed', error = 'cancelled'
      WHERE broadcast_id = ${broadcastId} AND status = 'pending'`;
    await tx`UPDATE broadcasts SET failure_count = failure_count + ${cancelled.count} WHERE id = ${broadcastId}`;
    return true;
  }) as Promise<boolean>;
}

/**
 * Puts the failed recipients back in the queue, except those Telegram refused for good (blocked the bot,
 * deactivated), those no longer reachable, and interrupted sends (they may have arrived); the broadcast is sending again. Returns how many were requeued.
 */
export async function retryFailedRecipients(sql: Sql, broadcastId: number): Promise<number> {
  return sql.begin(async (transaction) => {
    const tx = transaction as unknown as Sql;
    const requeued = await tx`
      UPDATE broadcast_recipients r SET status = 'pending', error = NULL, attempts = 0
      FROM telegram_users u
      WHERE r.broadcast_id = ${broadcastId} AND r.status = 'failed' AND NOT r.unreachable
        -- An interrupted send may have arrived: resending could deliver it twice.
        AND r.error IS DISTINCT FROM 'interrupted'
        AND u.telegram_id = r.telegram_id AND u.is_active AND NOT u.is_blocked`;
    if (requeued.count > 0) {
      await tx`
        UPDATE broadcasts SET status = 'sending', finished_at = NULL, failure_count = failure_count - ${requeued.count}
        WHERE id = ${broadcastId}`;
    }
    return requeued.count;
  }) as Promise<number>;
}

// ---- The sender's queries ----

/**
 * After a crash: recipients left 'sending' may or may not have received the message, so they are failed
 * as 'interrupted' (never resent), and counted.
 */
export async function failInterruptedRecipients(sql: Sql): Promise<number> {
  const rows = await sql<{ broadcastId: number; n: number }[]>`
    WITH interrupted AS (
      UPDATE broadcast_recipients SET status = 'failed', error = 'interrupted'
      WHERE status = 'sending' RETURNING broadcast_id
    )
    SELECT broadcast_id::int, count(*)::int AS n FROM interrupted GROUP BY broadcast_id`;
  for (const row of rows) {
    await sql`UPDATE broadcasts SET failure_count = failure_count + ${row.n} WHERE id = ${row.broadcastId}`;
  }
  return rows.reduce((sum, row) => sum + row.n, 0);
}

/** The oldest broadcast with work to do, marked 'sending' (and started) if it was queued. */
export async function nextOpenBroadcast(sql: Sql, at: Date): Promise<StoredBroadcast | undefined> {
  const [row] = await sql<StoredBroadcast[]>`
    UPDATE broadcasts SET status = 'sending', started_at = coalesce(started_at, ${at})
    WHERE id = (SELECT id FROM broadcasts WHERE status IN ('queued', 'sending') ORDER BY id LIMIT 1)
    RETURNING ${BROADCAST_COLUMNS(sql)}`;
  return row;
}

export interface ClaimedRecipient {
  telegramId: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
  attempts: number;
}

/** Marks up to `limit` pending recipients 'sending' (before any request is made) and returns them. */
export async function claimRecipients(sql: Sql, broadcastId: number, limit: number): Promise<ClaimedRecipient[]> {
  return sql<ClaimedRecipient[]>`
    WITH claimed AS (
      UPDATE broadcast_recipients SET status = 'sending'
      WHERE broadcast_id = ${broadcastId} AND telegram_id IN (
        SELECT telegram_id FROM broadcast_recipients
        WHERE broadcast_id = ${broadcastId} AND status = 'pending' ORDER BY telegram_id LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING telegram_id, attempts
    )
    SELECT c.telegram_id::float8 AS telegram_id, coalesce(u.first_name, '') AS first_name, u.last_name, u.username, c.attempts
    FROM claimed c LEFT JOIN telegram_users u ON u.telegram_id = c.telegram_id
    ORDER BY c.telegram_id`;
}

export type RecipientOutcome =
  | { telegramId: number; status: 'delivered'; attempts: number }
  | { telegramId: number; status: 'failed'; attempts: number; error: string; unreachable: boolean }
  /** Not sent (the broadcast was cancelled before its turn). */
  | { telegramId: number; status: 'cancelled' }
  /** Not sent (the sender is stopping): back in the queue. */
  | { telegramId: number; status: 'released'; attempts: number };

/** Stores the answers of claimed recipients and adds them to the broadcast's live counts. */
export async function recordOutcomes(sql: Sql, broadcastId: number, outcomes: RecipientOutcome[], at: Date): Promise<void> {
  if (outcomes.length === 0) return;
  const delivered = outcomes.filter((outcome) => outcome.status === 'delivered');
  const failed = outcomes.filter((outcome) => outcome.status === 'failed' || outcome.status === 'cancelled');
  const released = outcomes.filter((outcome) => outcome.status === 'released');
  await sql.begin(async (transaction) => {
    const tx = transaction as unknown as Sql;
    if (delivered.length > 0) {
      await tx`
        UPDATE broadcast_recipients r SET status = 'delivered', sent_at = ${at}, error = NULL, attempts = d.attempts
        FROM (SELECT * FROM unnest(${delivered.map((d) => d.telegramId)}::bigint[], ${delivered.map((d) => d.attempts)}::int[]) AS x(telegram_id, attempts)) d
        WHERE r.broadcast_id = ${broadcastId} AND r.telegram_id = d.telegram_id AND r.status = 'sending'`;
    }
    if (failed.length > 0) {
      const unreachable = failed.filter((f) => f.status === 'failed' && f.unreachable).map((f) => f.telegramId);
      await tx`
        UPDATE broadcast_recipients r SET status = 'failed', error = f.error, attempts = f.attempts,
          unreachable = f.telegram_id = ANY(${unreachable}::bigint[])
        FROM (SELECT * FROM unnest(
          ${failed.map((f) => f.telegramId)}::bigint[],
          ${failed.map((f) => (f.status === 'failed' ? f.error : 'cancelled'))}::text[],
          ${failed.map((f) => (f.status === 'failed' ? f.attempts : 0))}::int[]) AS x(telegram_id, error, attempts)) f
        WHERE r.broadcast_id = ${broadcastId} AND r.telegram_id = f.telegram_id AND r.status = 'sending'`;
      if (unreachable.length > 0) {
        await tx`UPDATE telegram_users SET is_active = false WHERE telegram_id = ANY(${unreachable}::bigint[])`;
      }
    }
    if (released.length > 0) {
      await tx`
        UPDATE broadcast_recipients r SET status = 'pending', attempts = x.attempts
        FROM (SELECT * FROM unnest(${released.map((r) => r.telegramId)}::bigint[], ${released.map((r) => r.attempts)}::int[]) AS x(telegram_id, attempts)) x
        WHERE r.broadcast_id = ${broadcastId} AND r.telegram_id = x.telegram_id AND r.status = 'sending'`;
    }
    await tx`
      UPDATE broadcasts SET success_count = success_count + ${delivered.length}, failure_count = failure_count + ${failed.length}
      WHERE id = ${broadcastId}`;
  });
}

/**
 * Ends a broadcast with nothing pending or in flight: 'sent' with at least one delivery, 'failed' otherwise.
 * Returns the finished broadcast, or undefined when it still has work (or was cancelled meanwhile).
 */
export async function finishBroadcast(sql: Sql, broadcastId: number, at: Date): Promise<StoredBroadcast | undefined> {
  const [row] = await sql<StoredBroadcast[]>`
    UPDATE broadcasts SET status = CASE WHEN success_count > 0 THEN 'sent' ELSE 'failed' END, finished_at = ${at}
    WHERE id = ${broadcastId} AND status = 'sending' AND NOT EXISTS (
      SELECT 1 FROM broadcast_recipients WHERE broadcast_id = ${broadcastId} AND status IN ('pending', 'sending'))
    RETURNING ${BROADCAST_COLUMNS(sql)}`;
  return row;
}

/** A template counts one use per message a broadcast delivered with it. */
export async function countTemplateBroadcastUses(sql: Sql, templateId: number, deliveries: number): Promise<void> {
  if (deliveries > 0) await sql`UPDATE message_templates SET usage_count = usage_count + ${deliveries} WHERE id = ${templateId}`;
}

export async function broadcastRatePerSecond(sql: Sql): Promise<number> {
  const [row] = await sql<{ rate: number }[]>`SELECT broadcast_rate_per_second AS rate FROM system_settings`;
  return row?.rate ?? 30;
}
