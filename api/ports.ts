/**
 * What the app is handed by the composition root (scripts/product.ts) to reach the live bot; routes
 * depend on these shapes, never on the bot's modules.
 */
import type { LanguageCode } from './contract/languages.js';
import type { MiniAppAnswer, MiniAppNearest, MiniAppNearestQuery, MiniAppPlaces, MiniAppReport, MiniAppReportResult, MiniAppSession } from './contract/mini-app.js';
import type { TelegramProfile } from '../sql/bot-users.js';

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

/**
 * The bot's side of the Mini App (bot/mini-app/service.ts): its token, which Telegram signs the launch data
 * with (the simulator's in simulator mode), and each call answered by the bot's rules and the bot's own
 * search, charges, logs and reports, for a Telegram user whose launch data the route has checked.
 */
export interface MiniAppPort {
  token: string;
  /** Each Telegram user's share of calls: a burst, then so many a second. */
  floodControl: { burst: number; perSecond: number };
  session(user: TelegramProfile, at: Date): Promise<MiniAppAnswer<MiniAppSession>>;
  nearest(user: TelegramProfile, query: MiniAppNearestQuery, at: Date): Promise<MiniAppAnswer<MiniAppNearest>>;
  places(user: TelegramProfile, text: string, at: Date): Promise<MiniAppAnswer<MiniAppPlaces>>;
  report(user: TelegramProfile, report: MiniAppReport, at: Date): Promise<MiniAppAnswer<MiniAppReportResult>>;
}
