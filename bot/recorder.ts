import type { Sql } from '../sql/database.js';
import { insertBotLogs, type LogLevel, type NewBotLog } from '../sql/bot-logs.js';
import { countTemplateUses } from '../sql/message-templates.js';
import { countContactRequests } from '../sql/contact-lookup.js';
import { countTelegramRequests } from '../sql/telegram-users.js';

const LEVEL_RANK: Record<LogLevel, number> = { DEBUG: 0, INFO: 1, WARN: 2, ERROR: 3 };

export interface RecorderOptions {
  sql: Sql;
  /** How often buffered rows are written; at least once a second. */
  flushIntervalMs?: number;
  /** A batch this large is written at once. */
  maxBatch?: number;
  onError?: (error: unknown) => void;
}

/**
 * Buffers what the bot records per update (its log row, template uses, answered requests,
 * contacts shown) and writes it in batches, so answering an update costs no extra round trips.
 * close() flushes.
 */
export function createRecorder({ sql, flushIntervalMs = 1000, maxBatch = 500, onError = () => {} }: RecorderOptions) {
  let logs: NewBotLog[] = [];
  let templateIds: number[] = [];
  let answeredUserIds: number[] = [];
  let contactsByDay = new Map<string, number[]>();
  let flushing: Promise<void> = Promise.resolve();

  async function write(batch: { logs: NewBotLog[]; templateIds: number[]; answeredUserIds: number[]; contactsByDay: Map<string, number[]> }) {
    await insertBotLogs(sql, batch.logs);
    await countTemplateUses(sql, batch.templateIds);
    await countTelegramRequests(sql, batch.answeredUserIds);
    for (const [day, ids] of batch.contactsByDay) await countContactRequests(sql, ids, day);
  }

  function flush(): Promise<void> {
    if (logs.length === 0 && templateIds.length === 0 && answeredUserIds.length === 0 && contactsByDay.size === 0) return flushing;
    const batch = { logs, templateIds, answeredUserIds, contactsByDay };
    logs = [];
    templateIds = [];
    answeredUserIds = [];
    contactsByDay = new Map();
    // Batches are written one after another, so rows keep their order.
    flushing = flushing.then(() => write(batch)).catch(onError);
    return flushing;
  }

  const timer = setInterval(() => void flush(), flushIntervalMs);
  timer.unref();

  return {
    /** Buffers a log row unless its level is below minimumLevel. */
    log(row: NewBotLog, minimumLevel: LogLevel = 'DEBUG'): void {
      if (LEVEL_RANK[row.level] < LEVEL_RANK[minimumLevel]) return;
      logs.push(row);
      if (logs.length >= maxBatch) void flush();
    },
    templateUsed(templateId: number): void {
      templateIds.push(templateId);
    },
    /** A user's request was answered: their total_requests grows by one. */
    requestAnswered(telegramId: number): void {
      answeredUserIds.push(telegramId);
    },
    contactsShown(contactIds: number[], day: string): void {
      contactsByDay.set(day, [...(contactsByDay.get(day) ?? []), ...contactIds]);
    },
    flush,
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}
export type Recorder = ReturnType<typeof createRecorder>;
