import type { Sql } from './database.js';
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
 * Claims an update for `claimant` (one attempt at it), in one statement: the first claim wins, and
 * the claimant's own earlier claim is still its own; a claim left unanswered for longer than
 * `staleAfterSeconds` (its process died) is taken over, and so is an id now carried by another update.
 */
export async function claimUpdate(sql: Sql, key: UpdateKey, claimant: string, staleAfterSeconds: number): Promise<UpdateClaim> {
  const [row] = await sql<{ claimed: boolean; answered: boolean }[]>`
    WITH inserted AS (
      INSERT INTO processed_updates (bot_id, update_id, fingerprint, claimed_by)
      VALUES (${key.botId}, ${key.updateId}, ${key.fingerprint}, ${claimant})
      ON CONFLICT DO NOTHING
      RETURNING 1
    ), taken_over AS (
      UPDATE processed_updates SET fingerprint = ${key.fingerprint}, claimed_by = ${claimant}, claimed_at = now(), answered_at = NULL
      WHERE bot_id = ${key.botId} AND update_id = ${key.updateId} AND NOT EXISTS (SELECT FROM inserted)
        AND (fingerprint <> ${key.fingerprint}
          OR (answered_at IS NULL AND claimed_at < now() - make_interval(secs => ${staleAfterSeconds}::float8)))
      RETURNING 1
    ), existing AS (
      SELECT answered_at IS NOT NULL AS answered, claimed_by = ${claimant} AS own
      FROM processed_updates
      WHERE bot_id = ${key.botId} AND update_id = ${key.updateId} AND fingerprint = ${key.fingerprint}
    )
    SELECT EXISTS (SELECT FROM inserted) OR EXISTS (SELECT FROM taken_over)
        OR coalesce((SELECT own AND NOT answered FROM existing), false) AS claimed,
      coalesce((SELECT answered FROM existing), false) AS answered`;
  if (row!.claimed) return 'claimed';
  return row!.answered ? 'answered' : 'in-progress';
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
