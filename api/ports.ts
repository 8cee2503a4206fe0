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
  /** When failed, why, in a sentence for staff (System Health); absent when the bot cannot say. */
  problem?: string | null;
}

/** Telegram's answer to a test message. */
export interface TestMessageResult {
  ok: boolean;
  messageId?: number;
  error?: string;
}

/** What the API needs of the broadcast sender (bot/broadcast-sender.ts). */
export interface Broadcaster {
  /** A broadcast was queued or requeued: look at the queue now. */
  wake(): void;
  /** A broadcast was cancelled: recipients claimed but not yet sent are not sent. */
  cancelled(broadcastId: number): void;
  /** Renders the content for the user (their names) and sends it now, not through the queue; reports Telegram's answer. */
  sendTest(chatId: number, content: string): Promise<TestMessageResult>;
}
