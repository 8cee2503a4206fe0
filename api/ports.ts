/**
 * What the app is handed by the composition root (scripts/product.ts) to reach the live bot; routes
 * depend on these shapes, never on the bot's modules.
 */
import type { LanguageCode } from './contract/languages.js';

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

/** What the API needs of the broadcast sender (bot/broadcasts/broadcast-sender.ts). */
export interface Broadcaster {
  /** A broadcast was queued or requeued: look at the queue now. */
  wake(): void;
  /** A broadcast was cancelled: recipients claimed but not yet sent are not sent. */
  cancelled(broadcastId: number): void;
  /**
   * Renders the content for the user (every placeholder a broadcast fills, in `language`, the content's: the
   * default language when not given) and sends it now, not through the queue; reports Telegram's answer.
   */
  sendTest(chatId: number, content: string, language?: LanguageCode): Promise<TestMessageResult>;
}

/** What the app records of each request and serves at /metrics (scripts/metrics.ts, over prom-client). */
export interface AppMetrics {
  /** One request answered; `route` is the route's pattern (/api/medical-contacts/:id), never the path asked for. */
  httpRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  /** Every metric of the process in Prometheus's text format. */
  exposition(): Promise<{ contentType: string; text: string }>;
}
