import type { Context } from 'grammy';
import type { LanguageCode } from '../api/contract/languages.js';
import type { LogLevel, NewBotLog } from '../sql/bot-logs.js';
import type { SystemSettings } from '../sql/settings.js';
import type { StoredTelegramUser } from '../sql/bot-users.js';
import type { MemoryReader } from './updates/memory.js';
import type { UpdateClaimer } from './updates/update-claim.js';

/** What the log row of the update being handled will say; features fill it in. */
export type LogDraft = Omit<NewBotLog, 'createdAt' | 'userId' | 'chatId' | 'durationMs'>;

/** The analytics columns of a log row that no place, lookup or user filled in. */
export const NO_ANALYTICS = { latitude: null, longitude: null, city: null, region: null, country: null, resultCount: null, language: null } as const;

/** Who may do what in this update, as the access gate decided. */
export interface Access {
  whitelisted: boolean;
  /** Searches a day; null is unlimited. */
  dailyLimit: number | null;
}

export interface RequestState {
  startedAt: number;
  receivedAt: Date;
  settings: SystemSettings;
  log: LogDraft;
  user?: StoredTelegramUser;
  /**
   * The language the user is answered in (resolveUserLanguage): what they chose with /language, else
   * Telegram's language_code when the bot offers it, else the default language of the settings.
   */
  language: LanguageCode;
  access?: Access;
  /** Something was sent to the user: handling the update again would answer twice. */
  replied?: boolean;
  /** The request was refused (recordRefusal): the metrics count it apart from the answers. */
  refused?: boolean;
}

/** One attempt at an update, as the update guard runs it: its claim, and memory read through a reader that notes versions. */
export interface Attempt {
  claim: UpdateClaimer;
  memory: MemoryReader;
}

export type BotContext = Context & { attempt: Attempt; request: RequestState };

/** Sets the outcome to record for this update. */
export function recordOutcome(ctx: BotContext, level: LogLevel, message: string, details: Partial<LogDraft> = {}): void {
  Object.assign(ctx.request.log, { level, message }, details);
}

/** Sets the outcome of a request the bot refuses (no access, maintenance, a limit): a WARN row, a refusal for the metrics. */
export function recordRefusal(ctx: BotContext, message: string, details: Partial<LogDraft> = {}): void {
  recordOutcome(ctx, 'WARN', message, details);
  ctx.request.refused = true;
}
