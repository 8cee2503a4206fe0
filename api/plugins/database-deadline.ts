import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DatabaseProber } from '../../sql/availability.js';
import type { ErrorResponse } from '../contract/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route bounds its own waits for the database (the health check, Telegram's webhook). */
    ownDatabaseDeadline?: boolean;
  }
}

/** How long a request may run before the API asks whether the database is why it has no answer yet. */
export const DATABASE_DEADLINE_MS = 3500;
/** How long that question may take; the answer comes within 5 s of the request either way. */
export const DATABASE_DEADLINE_PROBE_MS = 700;

export const DATABASE_UNAVAILABLE: ErrorResponse = { error: 'Service Unavailable', message: 'database unavailable, retry shortly' };

/**
 * While the database is away, a query waits for a connection that never comes; a request still
 * unanswered after DATABASE_DEADLINE_MS whose database does not answer a probe either is answered 503 at once
 * (its handler's late outcome is dropped), so the console never hangs. A request that is merely
 * slow while the database answers is left alone.
 */
export function installDatabaseDeadline(app: FastifyInstance, deps: { probe: DatabaseProber }): void {
  const timers = new WeakMap<FastifyRequest, NodeJS.Timeout>();
  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.ownDatabaseDeadline || !request.url.startsWith('/api')) return;
    const timer = setTimeout(async () => {
      if (reply.sent || reply.raw.headersSent) return;
      const probe = await deps.probe(DATABASE_DEADLINE_PROBE_MS);
      if (probe.reachable || reply.sent || reply.raw.headersSent || request.raw.destroyed) return;
      request.log.warn({ reason: probe.reason }, 'answered 503: the database is unavailable');
      // Taken out of Fastify's hands: the handler's own answer or error, when it comes, is dropped.
      reply.hijack();
      reply.raw.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '5' });
      reply.raw.end(JSON.stringify(DATABASE_UNAVAILABLE));
    }, DATABASE_DEADLINE_MS);
    timer.unref();
    timers.set(request, timer);
  });
  const clear = async (request: FastifyRequest) => clearTimeout(timers.get(request));
  app.addHook('onResponse', clear);
  app.addHook('onRequestAbort', clear);
}
