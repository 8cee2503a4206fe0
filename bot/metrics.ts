import type { RecipientOutcome } from '../sql/broadcasts.js';

/**
 * How an update ended, as the metrics count it (README, "Metrics"): answered; refused (no access, a paused
 * group, maintenance, the daily limit); failed (an error, answered with the error or "temporarily
 * unavailable" message, or not at all); dropped (nothing to send: group talk, membership changes, updates
 * the bot does not handle, a redelivery of an update already answered, an update beyond flood control).
 */
export type UpdateOutcome = 'answered' | 'refused' | 'failed' | 'dropped';

/** What the bot records for the process's metrics; the composition root passes the Prometheus registry's. */
export interface BotMetrics {
  /** One update handled; `answerSeconds` from its arrival to its answer sent, when it sent one. */
  updateHandled(outcome: UpdateOutcome, answerSeconds: number | undefined): void;
  /** One broadcast recipient's answer. */
  broadcastMessage(status: RecipientOutcome['status']): void;
}

/** Metrics off: recording costs a call. */
export const NO_BOT_METRICS: BotMetrics = {
  updateHandled: () => {},
  broadcastMessage: () => {},
};
