import type { Sql } from './database.js';

/** Whose key, on which route. */
export interface IdempotencyScope {
  adminUserId: number;
  route: string;
  key: string;
}

/** What a repeated key finds: the first request still running, or its answer. */
export type IdempotencyRecord =
  | { state: 'claimed' }
  | { state: 'pending'; requestHash: string }
  | { state: 'answered'; requestHash: string; statusCode: number; responseBody: string };

/**
 * Claims a key for a request, or returns what an earlier request with it left. Keys older than `keptSince`
 * are forgotten first; a claim whose request never answered (its process died) is taken over after `abandonedBefore`.
 * The insert is the lock: of two concurrent requests with one key, exactly one claims it.
 */
export async function claimIdempotencyKey(
  sql: Sql,
  scope: IdempotencyScope,
  requestHash: string,
  times: { now: Date; keptSince: Date; abandonedBefore: Date },
): Promise<IdempotencyRecord> {
  await sql`DELETE FROM idempotency_keys WHERE created_at < ${times.keptSince}`;
  for (;;) {
    const claimed = await sql`
      INSERT INTO idempotency_keys (admin_user_id, route, key, request_hash, created_at)
      VALUES (${scope.adminUserId}, ${scope.route}, ${scope.key}, ${requestHash}, ${times.now})
      ON CONFLICT (admin_user_id, route, key) DO UPDATE SET request_hash = EXCLUDED.request_hash, created_at = EXCLUDED.created_at
        WHERE idempotency_keys.status_code IS NULL AND idempotency_keys.created_at < ${times.abandonedBefore}
      RETURNING 1`;
    if (claimed.length > 0) return { state: 'claimed' };
    const [row] = await sql<{ requestHash: string; statusCode: number | null; responseBody: string | null }[]>`
      SELECT request_hash, status_code, response_body FROM idempotency_keys
      WHERE admin_user_id = ${scope.adminUserId} AND route = ${scope.route} AND key = ${scope.key}`;
    // Gone between the two statements: the first request failed and let the key go, so claim it again.
    if (!row) continue;
    if (row.statusCode === null || row.responseBody === null) return { state: 'pending', requestHash: row.requestHash };
    return { state: 'answered', requestHash: row.requestHash, statusCode: row.statusCode, responseBody: row.responseBody };
  }
}

/** Keeps the answer of the request that claimed the key, for its repeats. */
export async function recordIdempotentAnswer(sql: Sql, scope: IdempotencyScope, statusCode: number, responseBody: string): Promise<void> {
  await sql`
    UPDATE idempotency_keys SET status_code = ${statusCode}, response_body = ${responseBody}
    WHERE admin_user_id = ${scope.adminUserId} AND route = ${scope.route} AND key = ${scope.key}`;
}

/** Lets a key go when its request failed on our side, so a retry with it does the work. */
export async function releaseIdempotencyKey(sql: Sql, scope: IdempotencyScope): Promise<void> {
  await sql`
    DELETE FROM idempotency_keys
    WHERE admin_user_id = ${scope.adminUserId} AND route = ${scope.route} AND key = ${scope.key} AND status_code IS NULL`;
}
