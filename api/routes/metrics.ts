import type { FastifyPluginAsync } from 'fastify';
import { secretCheck } from '../auth/secret-check.js';
import { notFound, unauthorized } from '../errors.js';
import type { AppMetrics } from '../ports.js';

export interface MetricsRouteOptions {
  /** METRICS_TOKEN and the metrics; absent: metrics are off and /metrics is not found. */
  metrics?: { token: string; registry: AppMetrics };
}

const BEARER = 'Bearer ';

/**
 * GET /metrics: the process's metrics for Prometheus (README, "Metrics"). Outside /api, since it is no
 * part of the console's API: a scraper proves itself with METRICS_TOKEN, compared in constant time, not
 * with a sign-in. Registered even when metrics are off, so the path answers 404 instead of the console.
 */
export const metricsRoutes: FastifyPluginAsync<MetricsRouteOptions> = async (app, { metrics }) => {
  const fromScraper = metrics && secretCheck(metrics.token);
  app.get(
    '/metrics',
    {
      config: { public: true },
      schema: { description: 'The process\'s metrics in Prometheus text format, for a scraper sending `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise); 404 while METRICS_TOKEN is unset.' },
      onRequest: async (request) => {
        if (!fromScraper) throw notFound('No route for GET /metrics');
        const header = request.headers.authorization;
        if (!fromScraper(header?.startsWith(BEARER) ? header.slice(BEARER.length) : undefined)) throw unauthorized('Wrong or missing metrics token');
      },
    },
    async (_request, reply) => {
      const { contentType, text } = await metrics!.registry.exposition();
      return reply.type(contentType).send(text);
    },
  );
};
