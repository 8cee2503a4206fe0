import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppMetrics } from '../api/ports.js';
import type { BotMetrics, UpdateOutcome } from '../bot/metrics.js';
import type { RecipientOutcome } from '../sql/broadcasts.js';

const UPDATE_OUTCOMES: UpdateOutcome[] = ['answered', 'refused', 'failed', 'dropped'];
const BROADCAST_STATUSES: RecipientOutcome['status'][] = ['delivered', 'failed', 'cancelled', 'released'];
/** Seconds: most answers take milliseconds; one the database stayed away for, up to about a minute. */
const ANSWER_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** What the gauges read when Prometheus scrapes. */
export interface MetricsSources {
  /** The bot's log rows not written yet (Recorder.pendingRows). */
  logRowsPending(): number;
  /** Queries waiting for a connection of the pool (Database.waitingQueries). */
  dbPoolWaiting(): number;
}

/** The process's metrics: what the bot and the app record, and the exposition /metrics serves. */
export type Metrics = BotMetrics & AppMetrics;

/**
 * One Prometheus registry of the process's metrics (README, "Metrics"), made by the composition root; tests
 * make their own. The bot's counters are bound to their labels here, so recording one is an increment.
 */
export function createMetrics(sources: MetricsSources): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const updates = new Counter({ name: 'medcontacts_bot_updates_total', help: 'Telegram updates handled, by outcome.', labelNames: ['outcome'], registers });
  const updatesBy = new Map(UPDATE_OUTCOMES.map((outcome) => [outcome, updates.labels(outcome)]));
  const answerSeconds = new Histogram({
    name: 'medcontacts_bot_answer_seconds',
    help: 'Seconds from an update reaching the bot to its answer sent.',
    buckets: ANSWER_BUCKETS,
    registers,
  });
  const broadcastMessages = new Counter({
    name: 'medcontacts_broadcast_messages_total',
    help: 'Broadcast messages by what became of them.',
    labelNames: ['status'],
    registers,
  });
  const broadcastsBy = new Map(BROADCAST_STATUSES.map((status) => [status, broadcastMessages.labels(status)]));
  new Gauge({
    name: 'medcontacts_log_rows_pending',
    help: 'Bot log rows not written to the database yet, those spilled to files included.',
    registers,
    collect() {
      this.set(sources.logRowsPending());
    },
  });
  new Gauge({
    name: 'medcontacts_db_pool_waiting',
    help: 'Queries waiting for a free connection of the database pool.',
    registers,
    collect() {
      this.set(sources.dbPoolWaiting());
    },
  });
  const httpSeconds = new Histogram({
    name: 'medcontacts_http_request_duration_seconds',
    help: 'Seconds to answer HTTP requests, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers,
  });

  return {
    updateHandled(outcome, seconds) {
      updatesBy.get(outcome)!.inc();
      if (seconds !== undefined) answerSeconds.observe(seconds);
    },
    broadcastMessage(status) {
      broadcastsBy.get(status)!.inc();
    },
    httpRequest({ method, route, status }, seconds) {
      httpSeconds.labels(method, route, String(status)).observe(seconds);
    },
    async exposition() {
      return { contentType: registry.contentType, text: await registry.metrics() };
    },
  };
}
