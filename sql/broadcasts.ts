import type { BroadcastStatus, BroadcastTargetType } from '../api/contract/broadcasts.js';
import type { Sql } from './database.js';
import { reachableUser } from './bot-users.js';
import { transaction } from './transaction.js';

export interface StoredBroadcast {
  id: number;
  title: string;
  content: string;
  /** Texts by language besides `content` (the default language's). */
  translations: Record<string, string>;
  templateId: number | null;
  targetType: BroadcastTargetType;
  status: BroadcastStatus;
  successCount: number;
  failureCount: number;
  unknownCount: number;
  totalRecipients: number;
  createdBy: number | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

export interface NewBroadcast {
  title: string;
  content: string;
  /** Texts by language besides `content`; {} when it has none. */
  translations?: Record<string, string>;
  templateId: number | null;
  targetType: BroadcastTargetType;
  createdBy: number | null;
  /** Telegram ids for 'selected'; null means every active bot user. */
  telegramIds: number[] | null;
}

/** A sending broadcast whose sender's lease ran out is shown 'interrupted' before any sender notices. */
const STATUS = (sql: Sql) => sql`CASE WHEN status = 'sending' AND lease_expires_at < now() THEN 'interrupted' ELSE status END AS status`;

const BROADCAST_COLUMNS = (sql: Sql) => sql`
  id::int, title, content, translations, template_id::int, target_type, ${STATUS(sql)}, success_count, failure_count, unknown_count,
  total_recipients, created_by::int, created_at, started_at, finished_at`;

/**
 * Sets the broadcasts' counts from their recipients' rows. The sender does not count each answer on the
 * broadcast's row (the three sends in flight would queue on that one row): it recounts as it renews its
 * lease and when a broadcast ends, and so does every other change of recipients, so counts never drift.
 */
async function recount(sql: Sql, broadcastIds: number[]): Promise<void> {
  if (broadcastIds.length === 0) return;
  await sql`
    UPDATE broadcasts b SET success_count = c.delivered, failure_count = c.failed, unknown_count = c.unknown
    FROM (
      SELECT broadcast_id, count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
        count(*) FILTER (WHERE status = 'failed')::int AS failed, count(*) FILTER (WHERE status = 'unknown')::int AS unknown
      FROM broadcast_recipients WHERE broadcast_id = ANY(${broadcastIds}::bigint[]) GROUP BY broadcast_id
    ) c
    WHERE b.id = c.broadcast_id`;
}

/**
 * A broadcast's recipients (`u`) with their language as the bot resolves it (`language`): the listed ones
 * among the known bot users that staff have not blocked, or (null) the active, not staff-blocked ones.
 */
const AUDIENCE = (sql: Sql, telegramIds: number[] | null) => sql`
  SELECT u.telegram_id, bot_user_language(u.chosen_language, u.language_code, s.default_language, s.bot_languages) AS language
  FROM telegram_users u CROSS JOIN system_settings s
  WHERE ${telegramIds ? sql`u.telegram_id = ANY(${telegramIds}::bigint[]) AND NOT u.is_blocked` : reachableUser(sql)}`;

/**
 * Creates a broadcast and its recipients (a snapshot of its audience, each with their language, so a
 * resumed broadcast sends everyone the same text) in one transaction. Returns null when no recipient qualifies.
 */
export async function insertBroadcast(sql: Sql, broadcast: NewBroadcast, at: Date): Promise<StoredBroadcast | null> {
  return transaction(sql, async (tx) => {
    const [created] = await tx<StoredBroadcast[]>`
      INSERT INTO broadcasts (title, content, translations, template_id, target_type, created_by, created_at)
      VALUES (${broadcast.title}, ${broadcast.content}, ${tx.json(broadcast.translations ?? {})}, ${broadcast.templateId},
        ${broadcast.targetType}, ${broadcast.createdBy}, ${at})
      RETURNING ${BROADCAST_COLUMNS(tx)}`;
    const id = created!.id;
    const inserted = await tx`
      INSERT INTO broadcast_recipients (broadcast_id, telegram_id, language)
      SELECT ${id}, a.telegram_id, a.language FROM (${AUDIENCE(tx, broadcast.telegramIds)}) a ORDER BY a.telegram_id`;
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

export interface LanguageCount {
  language: string;
  recipients: number;
}

/** How many a broadcast to these users (null: to everyone active) would reach in each language, most first. */
export async function countAudienceLanguages(sql: Sql, telegramIds: number[] | null): Promise<LanguageCount[]> {
  return sql<LanguageCount[]>`
    SELECT a.language, count(*)::int AS recipients FROM (${AUDIENCE(sql, telegramIds)}) a
    GROUP BY a.language ORDER BY recipients DESC, a.language`;
}

export interface LanguageOutcomes extends LanguageCount {
  delivered: number;
  failed: number;
  unknown: number;
}

/**
 * A broadcast's recipients and their outcomes per language, most recipients first. Recipients queued
 * before languages were kept got the content, so they count under the default language.
 */
export async function countRecipientLanguages(sql: Sql, broadcastId: number): Promise<LanguageOutcomes[]> {
  return sql<LanguageOutcomes[]>`
    SELECT coalesce(r.language, s.default_language) AS language, count(*)::int AS recipients,
      count(*) FILTER (WHERE r.status = 'delivered')::int AS delivered,
      count(*) FILTER (WHERE r.status = 'failed')::int AS failed, count(*) FILTER (WHERE r.status = 'unknown')::int AS unknown
    FROM broadcast_recipients r CROSS JOIN system_settings s WHERE r.broadcast_id = ${broadcastId}
    GROUP BY 1 ORDER BY recipients DESC, language`;
}

export async function findBroadcast(sql: Sql, id: number): Promise<StoredBroadcast | undefined> {
  const [row] = await sql<StoredBroadcast[]>`SELECT ${BROADCAST_COLUMNS(sql)} FROM broadcasts WHERE id = ${id}`;
  return row;
}

/** A broadcast's status alone; undefined when there is no such broadcast. */
export async function findBroadcastStatus(sql: Sql, id: number): Promise<string | undefined> {
  const [row] = await sql<{ status: string }[]>`SELECT status FROM broadcasts WHERE id = ${id}`;
  return row?.status;
}

/**
 * Broadcasts (`b`) with their counts as of now: an open one's stored counts lag its recipients
 * until the sender next recounts (see recount), so they are counted from the recipients' rows, the
 * same source Live Progress counts; a finished one's stored counts are final.
 */
const CURRENT_COUNTS = (sql: Sql) => sql`
  broadcasts b LEFT JOIN LATERAL (
    SELECT count(*) FILTER (WHERE r.status = 'delivered')::int AS delivered, count(*) FILTER (WHERE r.status = 'failed')::int AS failed,
      count(*) FILTER (WHERE r.status = 'unknown')::int AS unknown
    FROM broadcast_recipients r WHERE r.broadcast_id = b.id AND b.status IN ('queued', 'sending')
  ) live ON b.status IN ('queued', 'sending')`;

/** The latest broadcasts, newest first, with content cut to `contentLength` characters and an "…" where cut. */
export async function listRecentBroadcasts(sql: Sql, limit: number, contentLength: number): Promise<StoredBroadcast[]> {
  return sql<StoredBroadcast[]>`
    SELECT id::int, title,
      CASE WHEN char_length(content) > ${contentLength} THEN left(content, ${contentLength}) || '…' ELSE content END AS content, translations,
      template_id::int, target_type, ${STATUS(sql)}, coalesce(live.delivered, success_count) AS success_count,
      coalesce(live.failed, failure_count) AS failure_count, coalesce(live.unknown, unknown_count) AS unknown_count,
      total_recipients, created_by::int, created_at, started_at, finished_at
    FROM ${CURRENT_COUNTS(sql)} ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
}

/** How many broadcasts there have been, and their deliveries and failures in all (open ones counted as of now). */
export async function broadcastTotals(sql: Sql): Promise<{ broadcasts: number; delivered: number; failed: number }> {
  const [totals] = await sql<{ broadcasts: number; delivered: number; failed: number }[]>`
    SELECT count(*)::int AS broadcasts, coalesce(sum(coalesce(live.delivered, success_count)), 0)::float8 AS delivered,
      coalesce(sum(coalesce(live.failed, failure_count)), 0)::float8 AS failed
    FROM ${CURRENT_COUNTS(sql)}`;
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
  unknown: number;
  pending: number;
  sending: number;
  /** Deliveries stamped after `since`. */
  recent: number;
}

export async function countRecipients(sql: Sql, broadcastId: number, since: Date): Promise<RecipientCounts> {
  const [row] = await sql<RecipientCounts[]>`
    SELECT count(*) FILTER (WHERE status = 'delivered')::int AS delivered,
      count(*) FILTER (WHERE status = 'failed')::int AS failed,
      count(*) FILTER (WHERE status = 'unknown')::int AS unknown,
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

/** The broadcast's failed recipients, or its unknown ones (in flight when a sender died). */
export async function listRecipientsIn(sql: Sql, broadcastId: number, status: 'failed' | 'unknown', limit: number): Promise<FailedRecipientRow[]> {
  return sql<FailedRecipientRow[]>`
    SELECT r.telegram_id::float8 AS telegram_id, u.first_name, u.username, r.error, r.attempts
    FROM broadcast_recipients r LEFT JOIN telegram_users u ON u.telegram_id = r.telegram_id
    WHERE r.broadcast_id = ${broadcastId} AND r.status = ${status}
    ORDER BY r.telegram_id LIMIT ${limit}`;
}

/** Cancels an open broadcast: its pending recipients fail as 'cancelled'. False when it was not open. */
export async function cancelBroadcast(sql: Sql, broadcastId: number, at: Date): Promise<boolean> {
  return transaction(sql, async (tx) => {
    const [open] = await tx`
      UPDATE broadcasts SET status = 'cancelled', finished_at = ${at}
      WHERE id = ${broadcastId} AND status IN ('queued', 'sending', 'interrupted') RETURNING id`;
    if (!open) return false;
    await tx`
      UPDATE broadcast_recipients SET status = 'failed', error = 'cancelled'
      WHERE broadcast_id = ${broadcastId} AND status = 'pending'`;
    await recount(tx, [broadcastId]);
    return true;
  }) as Promise<boolean>;
}

/**
 * Puts the failed recipients back in the queue, except those Telegram refused for good (blocked the bot,
 * deactivated) and those no longer reachable; the broadcast is sending again. Returns how many were requeued.
 */
export async function retryFailedRecipients(sql: Sql, broadcastId: number): Promise<number> {
  return requeueRecipients(sql, broadcastId, 'failed');
}

/**
 * Puts the unknown recipients (in flight when a sender died) back in the queue, when staff accept that
 * some may get the message twice; those no longer reachable stay unknown. Returns how many were requeued.
 */
export async function requeueUnknownRecipients(sql: Sql, broadcastId: number): Promise<number> {
  return requeueRecipients(sql, broadcastId, 'unknown');
}

async function requeueRecipients(sql: Sql, broadcastId: number, from: 'failed' | 'unknown'): Promise<number> {
  return transaction(sql, async (tx) => {
    const requeued = await tx`
      UPDATE broadcast_recipients r SET status = 'pending', error = NULL, attempts = 0, lease_owner = NULL
      FROM telegram_users u
      WHERE r.broadcast_id = ${broadcastId} AND r.status = ${from} AND NOT r.unreachable
        AND u.telegram_id = r.telegram_id AND ${reachableUser(tx)}`;
    if (requeued.count > 0) {
      await tx`
        UPDATE broadcasts SET status = 'sending', finished_at = NULL WHERE id = ${broadcastId}`;
      await recount(tx, [broadcastId]);
    }
    return requeued.count;
  }) as Promise<number>;
}

// ---- The sender's queries ----

/** Who holds a claim (one sender, for as long as it runs) and for how long it lasts unless renewed. */
export interface Lease {
  owner: string;
  ms: number;
}

const leaseEnd = (sql: Sql, lease: Lease) => sql`now() + ${lease.ms} * interval '1 millisecond'`;

/**
 * Settles what a dead sender left behind: recipients whose lease ran out were in flight (or about to be)
 * and become 'unknown', never resent silently; broadcasts whose lease ran out are 'interrupted' until a
 * sender resumes them. An unknown recipient keeps its lease's owner: a sender that was only cut off from
 * the database (not dead) still stores what it learned of them (storeAndClaim). Returns how many
 * recipients became unknown.
 */
export async function settleExpiredLeases(sql: Sql): Promise<number> {
  return transaction(sql, async (tx) => {
    const interrupted = await tx<{ id: number; owner: string }[]>`
      WITH expired AS (
        SELECT id, lease_owner FROM broadcasts WHERE status = 'sending' AND lease_expires_at < now() FOR UPDATE
      )
      UPDATE broadcasts b SET status = 'interrupted', lease_owner = NULL, lease_expires_at = NULL
      FROM expired e WHERE b.id = e.id RETURNING b.id::int, e.lease_owner AS owner`;
    // A sender whose broadcast lease ran out is dead: its claims are too, even one taken after its last renewal.
    const lost = await tx<{ broadcastId: number }[]>`
      UPDATE broadcast_recipients SET status = 'unknown', lease_expires_at = NULL
      WHERE status = 'sending' AND (lease_expires_at < now() OR (broadcast_id, lease_owner) IN (
        SELECT * FROM unnest(${interrupted.map((row) => row.id)}::bigint[], ${interrupted.map((row) => row.owner)}::text[])))
      RETURNING broadcast_id::int`;
    await recount(tx, [...new Set([...lost.map((row) => row.broadcastId), ...interrupted.map((row) => row.id)])]);
    return lost.length;
  }) as Promise<number>;
}

/** Keeps this sender's claims (its broadcast and its recipients in flight) from expiring, and its broadcast's counts current. */
export async function renewLeases(sql: Sql, lease: Lease): Promise<void> {
  const held = await sql<{ id: number }[]>`
    UPDATE broadcasts SET lease_expires_at = ${leaseEnd(sql, lease)} WHERE lease_owner = ${lease.owner} AND status = 'sending'
    RETURNING id::int`;
  await sql`
    UPDATE broadcast_recipients SET lease_expires_at = ${leaseEnd(sql, lease)}
    WHERE status = 'sending' AND lease_owner = ${lease.owner}`;
  await recount(sql, held.map((row) => row.id));
}

/** A stopping sender lets go of its broadcast, so another instance may resume it at once. */
export async function releaseBroadcast(sql: Sql, broadcastId: number, lease: Lease): Promise<void> {
  await sql`UPDATE broadcasts SET lease_owner = NULL, lease_expires_at = NULL WHERE id = ${broadcastId} AND lease_owner = ${lease.owner}`;
}

/**
 * The oldest open broadcast no other sender holds, taken under this sender's lease and marked
 * 'sending' (and started) if it was queued or interrupted. One whose lease ran out is left to
 * settleExpiredLeases first, which settles the dead sender's recipients in flight: taken over
 * unsettled, a claim its sender took after its last renewal stayed 'sending' under the dead sender
 * until that claim ran out, and the broadcast could not finish meanwhile.
 */
export async function nextOpenBroadcast(sql: Sql, lease: Lease, at: Date): Promise<StoredBroadcast | undefined> {
  const [row] = await sql<StoredBroadcast[]>`
    UPDATE broadcasts SET status = 'sending', started_at = coalesce(started_at, ${at}),
      lease_owner = ${lease.owner}, lease_expires_at = ${leaseEnd(sql, lease)}
    WHERE id = (
      SELECT id FROM broadcasts
      WHERE status IN ('queued', 'sending', 'interrupted')
        AND (lease_owner IS NULL OR lease_owner = ${lease.owner})
      ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING ${BROADCAST_COLUMNS(sql)}`;
  return row;
}

/**
 * What a broadcast fills its placeholders with for a user (see replyValues): their names, and their daily
 * allowance as the bot decides it from what is stored (the whitelisted have none, null; the others the
 * default, or more where one of their active groups gives more), today's count in the settings' zone, and
 * the zone and the default language (the content's) of the settings.
 */
export interface RecipientFacts {
  firstName: string | null;
  lastName: string | null;
  username: string | null;
  dailyLimit: number | null;
  used: number;
  timeZone: string;
  defaultLanguage: string;
}

/** RecipientFacts of the user `recipient.telegram_id` (the caller's alias) at `at`, as columns of the query it joins. */
function recipientFacts(sql: Sql, at: Date) {
  return {
    columns: sql`u.first_name, u.last_name, u.username, allowance.daily_limit, allowance.used, s.time_zone, s.default_language`,
    joins: sql`
      CROSS JOIN system_settings s
      LEFT JOIN telegram_users u ON u.telegram_id = recipient.telegram_id
      CROSS JOIN LATERAL (
        SELECT CASE WHEN EXISTS (SELECT FROM admin_whitelist w WHERE w.telegram_id = recipient.telegram_id AND w.is_active) THEN NULL
            ELSE greatest(s.default_daily_limit, (
              SELECT max(g.daily_limit) FROM user_memberships m JOIN authorized_groups g ON g.group_id = m.group_id
              WHERE m.telegram_id = recipient.telegram_id AND m.is_active AND g.is_active)) END AS daily_limit,
          coalesce((SELECT d.used FROM daily_usage d
            WHERE d.telegram_id = recipient.telegram_id AND d.usage_date = (${at}::timestamptz AT TIME ZONE s.time_zone)::date), 0) AS used
      ) allowance`,
  };
}

/** A test message's recipient, who may be no bot user (then without names): see RecipientFacts. */
export async function findRecipientFacts(sql: Sql, telegramId: number, at: Date): Promise<RecipientFacts> {
  const facts = recipientFacts(sql, at);
  const [row] = await sql<RecipientFacts[]>`SELECT ${facts.columns} FROM (SELECT ${telegramId}::bigint AS telegram_id) recipient ${facts.joins}`;
  return row!;
}

export interface ClaimedRecipient extends RecipientFacts {
  telegramId: number;
  /** As resolved when the broadcast was queued; null for recipients queued before languages were kept. */
  language: string | null;
  attempts: number;
}

export type RecipientOutcome =
  | { telegramId: number; status: 'delivered'; attempts: number }
  | { telegramId: number; status: 'failed'; attempts: number; error: string; unreachable: boolean }
  /** Not sent (the broadcast was cancelled before its turn). */
  | { telegramId: number; status: 'cancelled' }
  /** Not sent (the sender is stopping): back in the queue. */
  | { telegramId: number; status: 'released'; attempts: number };

/** An outcome as the row it leaves: status, error, attempts (null: unchanged). */
function asRow(outcome: RecipientOutcome): [string, string | null, number | null] {
  switch (outcome.status) {
    case 'delivered':
      return ['delivered', null, outcome.attempts];
    case 'failed':
      return ['failed', outcome.error, outcome.attempts];
    case 'cancelled':
      return ['failed', 'cancelled', null];
    case 'released':
      return ['pending', null, outcome.attempts];
  }
}

/**
 * In one statement (one trip to the database per message): stores the answers of recipients this sender
 * holds (counted on the broadcast's row at the next recount), marks users Telegram refused for good inactive, and
 * claims up to `limit` pending recipients under the lease ('sending', before any request is made), each
 * with what its placeholders are filled with (RecipientFacts). The
 * sender claims no more than it has free slots, so a crash leaves no more than that in doubt. A recipient
 * settled as unknown while this sender was cut off from the database takes the answer it got; one another
 * sender holds, or staff queued again, is left as it is.
 */
export async function storeAndClaim(
  sql: Sql,
  broadcastId: number,
  lease: Lease,
  outcomes: RecipientOutcome[],
  limit: number,
  at: Date,
): Promise<ClaimedRecipient[]> {
  const rows = outcomes.map(asRow);
  const unreachable = outcomes.filter((outcome) => outcome.status === 'failed' && outcome.unreachable).map((outcome) => outcome.telegramId);
  const facts = recipientFacts(sql, at);
  return sql<ClaimedRecipient[]>`
    WITH answer AS (
      SELECT * FROM unnest(
        ${outcomes.map((outcome) => outcome.telegramId)}::bigint[], ${rows.map((row) => row[0])}::text[],
        ${rows.map((row) => row[1])}::text[], ${rows.map((row) => row[2])}::int[]
      ) AS a(telegram_id, status, error, attempts)
    ), stored AS (
      UPDATE broadcast_recipients r SET status = a.status, error = a.error, attempts = coalesce(a.attempts, r.attempts),
        unreachable = a.telegram_id = ANY(${unreachable}::bigint[]), sent_at = CASE WHEN a.status = 'delivered' THEN ${at}::timestamptz ELSE r.sent_at END,
        lease_owner = NULL, lease_expires_at = NULL
      FROM answer a
      WHERE r.broadcast_id = ${broadcastId} AND r.telegram_id = a.telegram_id AND r.status IN ('sending', 'unknown') AND r.lease_owner = ${lease.owner}
      RETURNING r.telegram_id, r.status, r.unreachable
    ), refused AS (
      UPDATE telegram_users SET is_active = false WHERE telegram_id IN (SELECT telegram_id FROM stored WHERE unreachable)
    ), claimed AS (
      UPDATE broadcast_recipients SET status = 'sending', lease_owner = ${lease.owner}, lease_expires_at = ${leaseEnd(sql, lease)}
      WHERE broadcast_id = ${broadcastId} AND telegram_id IN (
        SELECT telegram_id FROM broadcast_recipients
        WHERE broadcast_id = ${broadcastId} AND status = 'pending' ORDER BY telegram_id LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING telegram_id, attempts, language
    )
    SELECT recipient.telegram_id::float8 AS telegram_id, recipient.language, recipient.attempts, ${facts.columns}
    FROM claimed recipient ${facts.joins}
    ORDER BY recipient.telegram_id`;
}

/**
 * Ends a broadcast whose recipients are all settled (delivered, failed or unknown): 'sent' with at least one
 * delivery, 'failed' otherwise. Returns the finished broadcast, or undefined when it still has work (or was
 * cancelled meanwhile).
 */
export async function finishBroadcast(sql: Sql, broadcastId: number, at: Date): Promise<StoredBroadcast | undefined> {
  const [row] = await sql<StoredBroadcast[]>`
    UPDATE broadcasts SET status = CASE WHEN c.delivered > 0 THEN 'sent' ELSE 'failed' END, finished_at = ${at},
      lease_owner = NULL, lease_expires_at = NULL, success_count = c.delivered, failure_count = c.failed, unknown_count = c.unknown
    FROM (
      SELECT count(*) FILTER (WHERE status = 'delivered')::int AS delivered, count(*) FILTER (WHERE status = 'failed')::int AS failed,
        count(*) FILTER (WHERE status = 'unknown')::int AS unknown
      FROM broadcast_recipients WHERE broadcast_id = ${broadcastId}
    ) c
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

/** A finished broadcast with its recipients' outcomes, as stored (bulk loads: demo data). */
export interface FinishedBroadcast {
  title: string;
  content: string;
  translations?: Record<string, string>;
  targetType: 'all' | 'selected' | 'template';
  status: 'sent' | 'failed' | 'cancelled';
  createdAt: Date;
  startedAt: Date;
  finishedAt: Date;
  recipients: {
    telegramId: number;
    status: 'delivered' | 'failed';
    attempts: number;
    error: string | null;
    unreachable: boolean;
    sentAt: Date | null;
  }[];
}

/**
 * Inserts finished broadcasts and their recipients (with their languages); the counts are the recipients'. Template
 * broadcasts use the active broadcast template, which counts their deliveries; `createdBy` is the staff member who sent them.
 */
export async function insertFinishedBroadcasts(sql: Sql, broadcasts: FinishedBroadcast[], createdBy: number | null): Promise<void> {
  for (const broadcast of broadcasts) {
    const delivered = broadcast.recipients.filter((recipient) => recipient.status === 'delivered').length;
    const [row] = await sql<{ id: number; templateId: number | null }[]>`
      INSERT INTO broadcasts (title, content, translations, template_id, target_type, status, success_count, failure_count,
        total_recipients, created_by, created_at, started_at, finished_at)
      VALUES (${broadcast.title}, ${broadcast.content}, ${sql.json(broadcast.translations ?? {})},
        ${broadcast.targetType === 'template' ? sql`(SELECT id FROM message_templates WHERE type = 'broadcast' AND is_active ORDER BY id LIMIT 1)` : null},
        ${broadcast.targetType}, ${broadcast.status}, ${delivered}, ${broadcast.recipients.length - delivered},
        ${broadcast.recipients.length}, ${createdBy}, ${broadcast.createdAt}, ${broadcast.startedAt}, ${broadcast.finishedAt})
      RETURNING id, template_id::int`;
    // The template counts the messages delivered with it, as a broadcast the sender finishes does.
    if (row!.templateId !== null) await countTemplateBroadcastUses(sql, row!.templateId, delivered);
    await sql`INSERT INTO broadcast_recipients ${sql(broadcast.recipients.map((recipient) => ({ broadcastId: row!.id, ...recipient })))}`;
    // Each recipient's language as the bot resolves it today, as if it had been kept when the broadcast was queued.
    await sql`
      UPDATE broadcast_recipients r SET language = bot_user_language(u.chosen_language, u.language_code, s.default_language, s.bot_languages)
      FROM telegram_users u, system_settings s WHERE r.broadcast_id = ${row!.id} AND u.telegram_id = r.telegram_id`;
  }
}
