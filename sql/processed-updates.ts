import type { Sql } from './database.js';
import type { StateVersions } from './bot-state.js';
import { transaction } from './transaction.js';

/** One update of one bot, as received: the fingerprint tells a redelivery from another update with the same id. */
export interface UpdateKey {
  botId: number;
  updateId: number;
  fingerprint: string;
}

/**
 * `claimed`: handle it now. `answered`: a redelivery of an update already answered. `in-progress`:
 * another attempt (another instance, an earlier post of it) holds a recent claim and has not answered yet.
 */
export type UpdateClaim = 'claimed' | 'answered' | 'in-progress';

/**
 * What an attempt decided its answer with, from memory: the versions of what it read (only those) and the
 * user's access counter (null: no such user row). A claim that finds any of them moved claims nothing.
 */
export interface StateCheck {
  versions: Partial<StateVersions>;
  telegramId: number | null;
  userVersion: number | null;
}

/** One search taken from a user's allowance for the day with the claim; limit null is unlimited. */
export interface DailyRequest {
  telegramId: number;
  day: string;
  limit: number | null;
}

/** The specialty a user asked for without a place, kept with the claim of the answer that asks where (see loadUserAccess). */
export interface AskedSpecialty {
  telegramId: number;
  /** The directory's name of the specialty. */
  specialty: string;
  at: Date;
}

export type CheckedClaim =
  | { claim: UpdateClaim; /** The day's count after this search; undefined when asked for none, or at the limit. */ used: number | undefined }
  | { claim: 'stale'; versions: StateVersions; userVersion: number | null };

/**
 * One attempt's claim of its update: what it decided with (null checks nothing), the daily request it
 * takes, if any, and the specialty it keeps for the user's next location, if any.
 */
export interface ClaimRequest {
  key: UpdateKey;
  claimant: string;
  check: StateCheck | null;
  request?: DailyRequest;
  asked?: AskedSpecialty;
}

/**
 * Claims updates, each for its `claimant` (one attempt at it), in one statement: the first claim wins,
 * and the claimant's own earlier claim is still its own; a claim left unanswered for longer than
 * `staleAfterSeconds` (its process died) is taken over, and so is an id now carried by another update.
 * The same statement checks that what each attempt decided with is current (else that one claims
 * nothing and is told what is), takes the daily request of a lookup once its claim is won (see
 * consumeDailyRequest), and keeps a specialty asked for on the user's row: the one round trip of an answer,
 * shared by the answers claimed together. No two requests may name the same update, nor take the same
 * user's daily request for the same day, nor keep two specialties for one user (a row is changed once per
 * statement): ClaimQueue keeps them apart. The answers are in request order.
 */
export async function claimUpdates(sql: Sql, requests: ClaimRequest[], staleAfterSeconds: number): Promise<CheckedClaim[]> {
  const column = <T>(value: (request: ClaimRequest) => T) => requests.map(value);
  const rows = await sql<{ fresh: boolean; versions: StateVersions | null; userVersion: number | null; claimed: boolean; answered: boolean; used: number | null }[]>`
    WITH input AS (
      SELECT * FROM unnest(
        ${column((r) => r.key.botId)}::bigint[], ${column((r) => r.key.updateId)}::bigint[], ${column((r) => r.key.fingerprint)}::text[],
        ${column((r) => r.claimant)}::text[], ${column((r) => (r.check ? JSON.stringify(r.check.versions) : null))}::text[],
        ${column((r) => r.check?.telegramId ?? null)}::bigint[], ${column((r) => r.check?.userVersion ?? null)}::bigint[],
        ${column((r) => r.request?.telegramId ?? null)}::bigint[], ${column((r) => r.request?.day ?? null)}::date[], ${column((r) => r.request?.limit ?? null)}::int[],
        ${column((r) => r.asked?.telegramId ?? null)}::bigint[], ${column((r) => r.asked?.specialty ?? null)}::text[], ${column((r) => r.asked?.at.toISOString() ?? null)}::timestamptz[]
      ) WITH ORDINALITY AS i (bot_id, update_id, fingerprint, claimant, versions, telegram_id, user_version, request_user, request_day, request_limit,
        asked_user, asked_specialty, asked_at, ord)
    ), limits AS (
      SELECT jsonb_object_agg(request_user || ' ' || request_day, request_limit) AS by_user_day
      FROM input WHERE request_user IS NOT NULL AND request_limit IS NOT NULL
    ), state AS (
      SELECT (SELECT jsonb_object_agg(area, version) FROM bot_state_versions)
        || jsonb_build_object('contacts', (SELECT version FROM contact_directory_version)) AS versions
    ), checked AS (
      SELECT i.*, u.access_version AS current_user_version,
        -- No versions: the claim checks nothing.
        i.versions IS NULL OR (s.versions @> i.versions::jsonb AND u.access_version IS NOT DISTINCT FROM i.user_version) AS fresh
      FROM input i CROSS JOIN state s LEFT JOIN telegram_users u ON u.telegram_id = i.telegram_id
    ), inserted AS (
      INSERT INTO processed_updates (bot_id, update_id, fingerprint, claimed_by)
      SELECT bot_id, update_id, fingerprint, claimant FROM checked WHERE fresh
      ON CONFLICT DO NOTHING
      RETURNING bot_id, update_id
    ), taken_over AS (
      -- Sees only the rows from before this statement, so never one just inserted.
      UPDATE processed_updates p SET fingerprint = c.fingerprint, claimed_by = c.claimant, claimed_at = now(), answered_at = NULL
      FROM checked c
      WHERE p.bot_id = c.bot_id AND p.update_id = c.update_id AND c.fresh
        AND (p.fingerprint <> c.fingerprint
          OR (p.answered_at IS NULL AND p.claimed_at < now() - make_interval(secs => ${staleAfterSeconds}::float8)))
      RETURNING p.bot_id, p.update_id
    ), existing AS (
      SELECT c.ord, p.answered_at IS NOT NULL AS answered, p.claimed_by = c.claimant AS own
      FROM checked c JOIN processed_updates p ON p.bot_id = c.bot_id AND p.update_id = c.update_id AND p.fingerprint = c.fingerprint
    ), claimed AS (
      -- Joins, not a subquery per claim: each would scan the whole batch (an update is in a batch once).
      SELECT c.ord, c.fresh AND (x.update_id IS NOT NULL OR t.update_id IS NOT NULL OR coalesce(e.own AND NOT e.answered, false)) AS won
      FROM checked c
        LEFT JOIN inserted x ON x.bot_id = c.bot_id AND x.update_id = c.update_id
        LEFT JOIN taken_over t ON t.bot_id = c.bot_id AND t.update_id = c.update_id
        LEFT JOIN existing e ON e.ord = c.ord
    ), used AS (
      INSERT INTO daily_usage AS usage (telegram_id, usage_date, used)
      SELECT c.request_user, c.request_day, 1 FROM checked c JOIN claimed w USING (ord)
      WHERE w.won AND c.request_user IS NOT NULL AND (c.request_limit IS NULL OR c.request_limit > 0)
      -- The limit looked up by user and day in an object made once (a search of the batch per conflicting
      -- row took time in the square of the batch's size); a user has one daily request a day in a batch.
      ON CONFLICT (telegram_id, usage_date) DO UPDATE SET used = usage.used + 1
        WHERE usage.used < coalesce(((SELECT by_user_day FROM limits) ->> (usage.telegram_id || ' ' || usage.usage_date))::int, 2147483647)
      RETURNING telegram_id, usage_date, used
    ), asked AS (
      UPDATE telegram_users t SET asked_specialty = c.asked_specialty, asked_specialty_at = c.asked_at
      FROM checked c JOIN claimed w USING (ord)
      WHERE w.won AND t.telegram_id = c.asked_user
    )
    SELECT c.fresh, CASE WHEN NOT c.fresh THEN (SELECT versions FROM state) END AS versions, c.current_user_version AS user_version,
      w.won AS claimed, coalesce(e.answered, false) AS answered, u.used
    FROM checked c JOIN claimed w USING (ord) LEFT JOIN existing e USING (ord)
      LEFT JOIN used u ON w.won AND u.telegram_id = c.request_user AND u.usage_date = c.request_day
    ORDER BY c.ord`;
  return rows.map((row): CheckedClaim => {
    if (!row.fresh) return { claim: 'stale', versions: row.versions!, userVersion: row.userVersion === null ? null : Number(row.userVersion) };
    if (row.claimed) return { claim: 'claimed', used: row.used ?? undefined };
    return { claim: row.answered ? 'answered' : 'in-progress', used: undefined };
  });
}

/**
 * Records updates as answered; an update answered while the database was away (so never claimed)
 * is recorded too, so that a later redelivery of it is recognised.
 */
export async function markUpdatesAnswered(sql: Sql, keys: UpdateKey[]): Promise<void> {
  if (keys.length === 0) return;
  await sql`
    INSERT INTO processed_updates AS p (bot_id, update_id, fingerprint, answered_at)
    SELECT DISTINCT ON (bot_id, update_id) bot_id, update_id, fingerprint, now()
    FROM unnest(${keys.map((key) => key.botId)}::bigint[], ${keys.map((key) => key.updateId)}::bigint[],
      ${keys.map((key) => key.fingerprint)}::text[]) AS answered (bot_id, update_id, fingerprint)
    ON CONFLICT (bot_id, update_id) DO UPDATE SET answered_at = excluded.answered_at
      WHERE p.fingerprint = excluded.fingerprint`;
}

/**
 * Writes a batch once: runs `write` in a transaction that first records the batch's id, and does
 * nothing when the id is already recorded (the batch's earlier write committed though its caller
 * saw the connection fail). Returns whether it wrote.
 */
export async function writeBatchOnce(sql: Sql, batchId: string, write: (tx: Sql) => Promise<void>): Promise<boolean> {
  return transaction(sql, async (tx) => {
    const [fresh] = await tx`INSERT INTO written_log_batches (id) VALUES (${batchId}) ON CONFLICT DO NOTHING RETURNING id`;
    if (!fresh) return false;
    await write(tx);
    return true;
  });
}

/** Forgets the claims and written batches older than `before` (a redelivery comes within minutes, not days). */
export async function deleteProcessedUpdatesBefore(sql: Sql, before: Date): Promise<void> {
  await sql`DELETE FROM processed_updates WHERE claimed_at < ${before}`;
  await sql`DELETE FROM written_log_batches WHERE written_at < ${before}`;
}
