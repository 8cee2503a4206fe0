import { z } from 'zod';
import { fieldLabel, pageSizeRule, tooLong } from './fields.js';

/** The Bot Logs screen and its API (spec §2.8, §3 BotLog, §4 Logs, §7 GET /api/bot-logs, §9). */

/** INFO: the bot answered; WARN: it refused or found nothing; ERROR: it failed; DEBUG: detail, off by default. */
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LogLevelSchema = z.enum(LOG_LEVELS);

export const LEVEL_FILTERS = ['all', ...LOG_LEVELS] as const;
export type LevelFilter = (typeof LEVEL_FILTERS)[number];

/** The screen's auto-refresh interval (spec §4, §9). */
export const BOT_LOGS_POLL_INTERVAL_MS = 5000;
export const BOT_LOGS_PAGE_SIZE = 50;
export const MAX_BOT_LOGS_PAGE_SIZE = 200;

const logId = (field: string, min: 0 | 1) =>
  z.coerce
    .number({ error: `${fieldLabel(field)} must be a log id: a whole number, ${min} or more.` })
    .min(min, `${fieldLabel(field)} must be a log id: a whole number, ${min} or more.`)
    .max(Number.MAX_SAFE_INTEGER, `${field} is too large`)
    .int(`${fieldLabel(field)} must be a log id: a whole number, ${min} or more.`);

/** The longest log search: the console's search box stops there. */
export const LOG_SEARCH_MAX_LENGTH = 200;

/** Which logs: the list, its stats and the CSV export all take it. */
export const BotLogFilterSchema = z.object({
  level: z.enum(LEVEL_FILTERS, { error: 'Level must be all, DEBUG, INFO, WARN or ERROR.' }).default('all'),
  /** Text in the message, command or error (any case); a whole number also matches a user or chat id exactly. */
  search: z.string().trim().max(LOG_SEARCH_MAX_LENGTH, tooLong('Search', LOG_SEARCH_MAX_LENGTH)).optional(),
});
export type BotLogFilter = z.infer<typeof BotLogFilterSchema>;

/**
 * GET /api/bot-logs. Newest first. `before` pages back from a row ("Load more"); `after` asks
 * only for the rows newer than the newest one shown (the auto-refresh), with counts of just those.
 */
export const BotLogListQuerySchema = BotLogFilterSchema.extend({
  before: logId('before', 1).optional(),
  /** 0 before any row was shown. */
  after: logId('after', 0).optional(),
  limit: z.coerce
    .number({ error: pageSizeRule(MAX_BOT_LOGS_PAGE_SIZE) })
    .min(1, pageSizeRule(MAX_BOT_LOGS_PAGE_SIZE))
    .max(MAX_BOT_LOGS_PAGE_SIZE, pageSizeRule(MAX_BOT_LOGS_PAGE_SIZE))
    .int(pageSizeRule(MAX_BOT_LOGS_PAGE_SIZE))
    .default(BOT_LOGS_PAGE_SIZE),
}).refine((query) => query.before === undefined || query.after === undefined, {
  path: ['after'],
  message: 'After cannot be combined with Before: ask for newer rows or for older ones.',
});

export const BotLogSchema = z.object({
  id: z.number(),
  /** ISO time the bot received the update. */
  timestamp: z.string(),
  level: LogLevelSchema,
  message: z.string(),
  command: z.string().nullable(),
  userId: z.number().nullable(),
  chatId: z.number().nullable(),
  durationMs: z.number().nullable(),
  errorMessage: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
});
export type BotLog = z.infer<typeof BotLogSchema>;

/** The stat cards beside Total (spec §2.8); DEBUG rows count in Total only. */
export const BotLogStatsSchema = z.object({
  /** INFO rows: requests the bot answered. */
  successful: z.number(),
  /** WARN rows: refused, limited or nothing found. */
  warnings: z.number(),
  /** ERROR rows: the bot failed. */
  errors: z.number(),
});
export type BotLogStats = z.infer<typeof BotLogStatsSchema>;

/** The cards' counts of two sets of rows together: counts so far plus those of newer rows. */
export function addStats(a: BotLogStats, b: BotLogStats): BotLogStats {
  return { successful: a.successful + b.successful, warnings: a.warnings + b.warnings, errors: a.errors + b.errors };
}

export const BotLogListResponseSchema = z.object({
  /** Newest first. */
  items: z.array(BotLogSchema),
  /**
   * Rows matching the filter up to `newestId`; with `after`, only those newer than it. Null on a
   * `before` page: the first page's counts still hold, and recounting millions of rows is not free.
   */
  total: z.number().nullable(),
  stats: BotLogStatsSchema.nullable(),
  /** The newest log id the answer covers: the next auto-refresh asks for rows `after` it. */
  newestId: z.number(),
  /** The `before` that loads the next older page; null when there are no older rows. */
  nextBefore: z.number().nullable(),
});
export type BotLogListResponse = z.infer<typeof BotLogListResponseSchema>;

/** The export's columns, in order (spec §9). */
export const BOT_LOGS_CSV_HEADERS = ['Timestamp', 'Level', 'Message', 'Command', 'User ID', 'Chat ID', 'Duration (ms)', 'Error'] as const;

/** bot-logs-{date}.csv, the date as YYYY-MM-DD (spec §9). */
export function botLogsCsvFileName(at: Date): string {
  return `bot-logs-${at.toISOString().slice(0, 10)}.csv`;
}
