import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../errors.js';
import { requireAuth } from './authorization.js';
import type { Sql } from '../../sql/database.js';
import { transaction } from '../../sql/transaction.js';
import {
  claimIdempotencyKey,
  recordIdempotentAnswer,
  releaseIdempotencyKey,
  type IdempotencyScope,
} from '../../sql/idempotency-keys.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A request with an `Idempotency-Key` header is done once per staff member and key: a repeat (sequential
     * or concurrent) gets the first answer, same status and body. For routes that create something.
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyScope: IdempotencyScope | null;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Keys are kept about a day: far longer than any retry of one submission. */
const KEPT_MS = 24 * 60 * 60 * 1000;
/** A claim this old with no answer belongs to a request whose process died: a repeat may do the work. */
const ABANDONED_MS = 5 * 60 * 1000;
/** How long a concurrent repeat waits for the first request's answer, and how often it looks. */
const WAIT_MS = 10_000;
const POLL_MS = 50;
/** A UUID fits, and so does any other reasonable client key; nothing that could not travel in a header. */
const KEY_FORMAT = /^[\x21-\x7e]{1,200}$/;

const hashOf = (body: unknown) => createHash('sha256').update(JSON.stringify(body ?? null)).digest('hex');

/** What makes two requests one: the body, or for a body still streaming in (a CSV import) its query and length. */
const requestOf = (request: FastifyRequest) =>
  request.body instanceof Readable ? { query: request.query, length: request.headers['content-length'] ?? null } : request.body;

/** Makes the routes that declare `config.idempotent` honour the Idempotency-Key header (see FastifyContextConfig). */
export function installIdempotency(app: FastifyInstance, deps: { sql: Sql; now: () => Date }): void {
  app.decorateRequest('idempotencyScope', null);

  // After validation and the access check: only a valid, permitted request claims a key.
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (!request.routeOptions.config.idempotent || key === undefined) return;
    if (typeof key !== 'string' || !KEY_FORMAT.test(key)) {
      throw badRequest('Idempotency-Key must be 1 to 200 visible ASCII characters', 'Idempotency-Key');
    }
    const scope = { adminUserId: requireAuth(request).id, route: `${request.method} ${request.routeOptions.url}`, key };
    const requestHash = hashOf(requestOf(request));
    const waitUntil = Date.now() + WAIT_MS;
    for (;;) {
      const now = deps.now();
      const times = { now, keptSince: new Date(now.getTime() - KEPT_MS), abandonedBefore: new Date(now.getTime() - ABANDONED_MS) };
      const found = await claimIdempotencyKey(deps.sql, scope, requestHash, times);
      if (found.state === 'claimed') {
        request.idempotencyScope = scope;
        return;
      }
      if (found.requestHash !== requestHash) {
        throw new ApiError(422, 'This Idempotency-Key was already used for a different request: send a new key with each new submission');
      }
      if (found.state === 'answered') {
        return reply.status(found.statusCode).header('content-type', 'application/json; charset=utf-8').send(found.responseBody);
      }
      // retryAfter: the client keeps the key for its retry, which then gets the first request's answer.
      if (Date.now() > waitUntil) throw new ApiError(409, 'A request with this Idempotency-Key is still being handled: try again in a moment', { retryAfter: 1 });
      await sleep(POLL_MS);
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const scope = request.idempotencyScope;
    if (!scope) return payload;
    request.idempotencyScope = null;
    // A failure on our side did nothing the client can rely on: a retry with the key should do the work
    // (a create whose work committed stored its answer with it, see sendCreatedOnce, and is not here).
    if (reply.statusCode >= 500 || typeof payload !== 'string') await releaseIdempotencyKey(deps.sql, scope);
    else await recordIdempotentAnswer(deps.sql, scope, reply.statusCode, payload);
    return payload;
  });
}

/**
 * Does a create (its writes and audit rows, all through `tx`) in one transaction that also stores the
 * Idempotency-Key's answer when the request has a key, then sends that answer. A failure or a crash
 * leaves all of it or none: a retry with the key gets the first answer or does the work, never both,
 * and no create is left without its audit row. Resolves with what was created, once it is committed.
 */
export async function sendCreatedOnce<T>(sql: Sql, request: FastifyRequest, reply: FastifyReply, statusCode: number, create: (tx: Sql) => Promise<T>): Promise<T> {
  const scope = request.idempotencyScope;
  const { created, payload } = await transaction(sql, async (tx) => {
    const created = await create(tx);
    // The bytes the route's response schema makes of it: what the client gets now and any retry later.
    const payload = reply.serializeInput(created as Record<string, unknown>, String(statusCode));
    if (typeof payload !== 'string') throw new Error(`The route has no response schema for ${statusCode} to serialize a create with`);
    if (scope) await recordIdempotentAnswer(tx, scope, statusCode, payload);
    return { created, payload };
  });
  request.idempotencyScope = null;
  await reply.status(statusCode).header('content-type', 'application/json; charset=utf-8').send(payload);
  return created;
}
