/**
 * What the app is handed by the composition root (scripts/product.ts) to reach the live bot; routes
 * depend on these shapes, never on the bot's modules.
 */

/** The bot's state for the health checks. */
export interface BotStatusReport {
  /** starting, running, stopped or failed; not_running when this process has no bot. */
  state: string;
  /** How the bot gets its updates; absent when this process has no bot. */
  mode?: 'polling' | 'webhook';
  lastUpdateAt: Date | null;
}
