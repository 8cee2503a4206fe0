import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from '../ports.js';

/** The route label of requests no route matched (unknown paths, the console's deep links): one label, whatever the path. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Times every answered request into the metrics, by method, route pattern and status. */
export function installRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequest({ method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status: reply.statusCode }, reply.elapsedTime / 1000);
  });
}
