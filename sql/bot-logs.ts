import type postgres from 'postgres';
import type { BotLog, BotLogFilter, BotLogStats, LevelFilter, LogLevel } from '../api/contract/bot-logs.js';
import type { Sql } from './database.js';
import { containsPattern } from './like.js';
import { transaction } from './transaction.js';

export type { LogLevel };

export interface NewBotLog {
  createdAt: Date;
  level: LogLevel;
  message: string;
  command: string | null;
  userId: number | null;
  chatId: number | null;
  durationMs: number | null;
  errorMessage: string | null;
  metadata: Record<string, unknown>;
  latitude: number | null;
  longitude: number | null;
  city: string | null;
  region: string | null;
  country: string | null;
  resultCount: number | null;
  /** The language the user was answered in; null for updates without a user. */
  language: string | null;
}

/** A bot_logs row as stored, with its id. */
export interface StoredBotLog extends NewBotLog {
  id: number;
}

/**
 * The point of a user's latest search the log holds (any answer about a point: a location, a place, a
 * button, a Mini App search), newest first along bot_logs_user_idx; undefined when they never searched.
 */
export async function lastSearchPoint(sql: Sql, telegramId: number): Promise<{ latitude: number; longitude: number } | undefined> {
  const [row] = await sql<{ latitude: number; longitude: number }[]>`
    SELECT latitude, longitude FROM bot_logs
    WHERE user_id = ${telegramId} AND latitude IS NOT NULL AND longitude IS NOT NULL
    ORDER BY id DESC LIMIT 1`;
  return row;
}

/** Rows per INSERT of a batch: several statements, so that one is encoded while the one before is written. */
const ROWS_PER_INSERT = 1000;

/**
 * The ids of the log texts (migration 041) a writer has sent, each with the newest UTC day it was sent for:
 * a text written again for a day no later needs no lookup, its `last_logged_on` is already that late, so log
 * retention (sql/log-retention.ts) keeps it. Places and typed words repeat (migration 059 made them part of
 * the text), so a busy recorder mostly writes texts it knows. The ids a write looked up count once its
 * transaction is known to have committed (`settle`): a text it added is gone again if it rolled back.
 * Forgotten whole past MAX_KNOWN_TEXTS.
 */
export class KnownLogTexts {
  private readonly known = new Map<string, { id: number; loggedOn: string }>();
  private pending: [string, { id: number; loggedOn: string }][] = [];

  idOf(key: string, loggedOn: string): number | undefined {
    const text = this.known.get(key);
    return text && text.loggedOn >= loggedOn ? text.id : undefined;
  }

  learn(key: string, id: number, loggedOn: string): void {
    this.pending.push([key, { id, loggedOn }]);
  }

  /** The writes since the last call committed (their ids are known from now on), or rolled back (everything is forgotten). */
  settle(committed: boolean): void {
    if (!committed) this.known.clear();
    else for (const [key, text] of this.pending) {
      if (this.known.size >= MAX_KNOWN_TEXTS) this.known.clear();
      this.known.set(key, text);
    }
    this.pending = [];
  }
}

const MAX_KNOWN_TEXTS = 50_000;

/**
 * Writes a batch of log rows in one transaction (a savepoint inside one already open): the ids of their texts
 * (migration 041; adding the new ones), then the rows. The texts repeat, so only the distinct ones are sent for
 * their ids, and of those only the ones `known` lacks (its owner settles what this write learned). The rows go in statements of ROWS_PER_INSERT sent together
 * on the transaction's one connection, in order: PostgreSQL writes one while Node encodes the next, and the ids
 * still follow the rows' order.
 */
export async function insertBotLogs(sql: Sql, rows: NewBotLog[], known = new KnownLogTexts()): Promise<void> {
  if (rows.length === 0) return;
  const { texts, textIndexOfRow } = distinctTexts(rows);
  const keys = texts.map((text) => JSON.stringify([text.message, text.command, text.errorMessage, text.request]));
  const ids = texts.map((text, index) => known.idOf(keys[index]!, text.loggedOn));
  const asked = texts.flatMap((text, index) => (ids[index] === undefined ? [index] : []));
  await transaction(sql, async (tx) => {
    if (asked.length > 0) {
      const unknown = asked.map((index) => texts[index]!);
      const [found] = await tx<{ ids: number[] }[]>`
        SELECT bot_log_text_ids(${unknown.map((text) => text.message)}::text[], ${unknown.map((text) => text.command)}::text[],
          ${unknown.map((text) => text.errorMessage)}::text[], ${unknown.map((text) => text.request)}::text[],
          ${unknown.map((text) => text.loggedOn)}::date[]) AS ids`;
      asked.forEach((index, at) => (ids[index] = found!.ids[at]!));
    }
    const textIds = textIndexOfRow.map((index) => ids[index]!);
    const inserts: Promise<unknown>[] = [];
    for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
      const end = start + ROWS_PER_INSERT;
      inserts.push(insertRows(tx, rows.slice(start, end), textIds.slice(start, end)));
    }
    await Promise.all(inserts);
  });
  for (const index of asked) known.learn(keys[index]!, ids[index]!, texts[index]!.loggedOn);
}

/** One INSERT of log rows whose text ids are known, column by column. */
function insertRows(sql: Sql, rows: NewBotLog[], textIds: number[]) {
  const column = (key: Exclude<keyof NewBotLog, 'metadata'>) =>
    rows.map((row) => {
      const value = row[key];
      return value instanceof Date ? value.toISOString() : value;
    });
  return sql`
    INSERT INTO bot_logs (created_at, level, message, command, user_id, chat_id, duration_ms, error_message,
      metadata, latitude, longitude, city, region, country, result_count, language, text_id)
    -- text[] first: a jsonb[] parameter would encode each JSON text again, as a string.
    SELECT * FROM unnest(
      ${column('createdAt')}::timestamptz[], ${column('level')}::text[], ${column('message')}::text[],
      ${column('command')}::text[], ${column('userId')}::bigint[], ${column('chatId')}::bigint[],
      ${column('durationMs')}::int[], ${column('errorMessage')}::text[],
      ${rows.map((row) => JSON.stringify(row.metadata))}::text[]::jsonb[],
      ${column('latitude')}::float8[], ${column('longitude')}::float8[], ${column('city')}::text[],
      ${column('region')}::text[], ${column('country')}::text[], ${column('resultCount')}::int[],
      ${column('language')}::text[], ${textIds}::bigint[])`;
}

interface LogText {
  message: string;
  command: string | null;
  errorMessage: string | null;
  request: string | null;
  /** The newest row's time with it, in ms. */
  newest: number;
}

/** A metadata field that is text, else null. */
function textField(metadata: Record<string, unknown>, key: string): string | null {
  const value = metadata[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * What the user typed and the place the request resolved to, as the search finds them (migration 059's
 * bot_log_request_text, which gives rows written by other means the same).
 */
function requestText(row: Pick<NewBotLog, 'metadata' | 'city' | 'region' | 'country'>): string | null {
  const parts = [textField(row.metadata, 'query'), textField(row.metadata, 'place'), row.city, row.region, row.country];
  return parts.filter((part) => part !== null && part !== '').join(' ') || null;
}

/**
 * The rows' distinct (message, command, error, request text), each with the UTC day of its newest row, and
 * which one each row has. Looked up by the rows' own strings, whose hashes V8 keeps, rather than by a key built per row.
 */
function distinctTexts(rows: NewBotLog[]) {
  const texts: LogText[] = [];
  const byMessage = new Map<string, Map<string | null, Map<string | null, Map<string | null, number>>>>();
  const textIndexOfRow = rows.map((row) => {
    const { message, command, errorMessage, createdAt } = row;
    const request = requestText(row);
    let byCommand = byMessage.get(message);
    if (!byCommand) byMessage.set(message, (byCommand = new Map()));
    let byError = byCommand.get(command);
    if (!byError) byCommand.set(command, (byError = new Map()));
    let byRequest = byError.get(errorMessage);
    if (!byRequest) byError.set(errorMessage, (byRequest = new Map()));
    let index = byRequest.get(request);
    const at = createdAt.getTime();
    if (index === undefined) {
      index = texts.push({ message, command, errorMessage, request, newest: at }) - 1;
      byRequest.set(request, index);
    } else if (at > texts[index]!.newest) {
      texts[index]!.newest = at;
    }
    return index;
  });
  return { texts: texts.map(({ newest, ...text }) => ({ ...text, loggedOn: new Date(newest).toISOString().slice(0, 10) })), textIndexOfRow };
}

type Condition = postgres.PendingQuery<postgres.Row[]>;

/** A whole number that can be a Telegram user or chat id (group ids are negative). */
const TELEGRAM_ID = /^-?\d{1,15}$/;

/**
 * The WHERE condition of a log filter: `WHERE ${where}` (a fragment is a pending query, so it comes in an
 * object: awaited bare, it would run). Text matches the message, command, error, the text the user typed
 * or the place the request resolved to, in any case and script: the distinct texts that match, found through
 * their trigram index (migrations 041, 059), then their rows by text_id. A whole number also matches the ids exactly.
 */
async function botLogFilter(sql: Sql, filter: BotLogFilter): Promise<{ where: Condition }> {
  const conditions: Condition[] = [];
  if (filter.level !== 'all') conditions.push(sql`level = ${filter.level}`);
  if (filter.search) {
    // Looked up first and given as values, not as a subquery: the plan then knows how many rows the texts
    // have (a count over a common text took twice as long without), and it stays an index condition in an OR.
    const texts = await sql<{ id: number }[]>`SELECT id FROM bot_log_texts WHERE search_text LIKE lower(${containsPattern(filter.search)})`;
    const text = sql`text_id = ANY (${texts.map((row) => row.id)}::bigint[])`;
    if (TELEGRAM_ID.test(filter.search)) {
      const id = Number(filter.search);
      // The chat's own condition names the other-chat index's (migration 042): a private chat's rows are the user's.
      conditions.push(sql`(user_id = ${id} OR (chat_id = ${id} AND chat_id IS DISTINCT FROM user_id) OR ${text})`);
    } else {
      conditions.push(text);
    }
  }
  if (conditions.length === 0) return { where: sql`TRUE` };
  return { where: conditions.slice(1).reduce((all, condition) => sql`${all} AND ${condition}`, conditions[0]!) };
}

interface BotLogRow extends Omit<BotLog, 'timestamp'> {
  createdAt: Date;
}

function toBotLog({ createdAt, ...row }: BotLogRow): BotLog {
  return { ...row, timestamp: createdAt.toISOString() };
}

const logColumns = (sql: Sql) => sql`id, created_at, level, message, command, user_id, chat_id, duration_ms, error_message, metadata`;

/** The highest log id written so far (0 when there is none): what a list answer covers. */
export async function newestBotLogId(sql: Sql): Promise<number> {
  const [row] = await sql<{ id: number }[]>`SELECT coalesce(max(id), 0)::bigint AS id FROM bot_logs`;
  return row!.id;
}

/**
 * One page of logs matching the filter, newest first, at most `limit` and no newer than
 * `newestId`: older than `before` (paging back) or newer than `after` (the auto-refresh).
 * Keyset paging on the id, so a page deep in millions of rows costs what the first one does.
 */
export async function listBotLogs(
  sql: Sql,
  filter: BotLogFilter,
  page: { newestId: number; limit: number; before?: number; after?: number },
): Promise<{ items: BotLog[]; hasOlder: boolean }> {
  const { where } = await botLogFilter(sql, filter);
  const rows = await sql<BotLogRow[]>`
    SELECT ${logColumns(sql)} FROM bot_logs
    WHERE ${where} AND id <= ${page.newestId}
      ${page.before === undefined ? sql`` : sql`AND id < ${page.before}`}
      ${page.after === undefined ? sql`` : sql`AND id > ${page.after}`}
    ORDER BY id DESC
    LIMIT ${page.limit + 1}`;
  return { items: rows.slice(0, page.limit).map(toBotLog), hasOlder: rows.length > page.limit };
}

/** How many logs there are, in all and per stat card, when counting by level alone. */
export interface BotLogCounts {
  total: number;
  stats: BotLogStats;
}

/**
 * The newest log id now and, for a list filtered by level alone, the counts over every row up to
 * it, read from the per-level counters migration 008 keeps (one statement: one snapshot of both).
 */
export async function levelCountsSnapshot(sql: Sql, level: LevelFilter): Promise<{ newestId: number; counts: BotLogCounts }> {
  const rows = await sql<{ level: LogLevel; count: number; newestId: number }[]>`
    SELECT c.level, c.count, (SELECT coalesce(max(id), 0) FROM bot_logs)::bigint AS newest_id FROM bot_log_level_counts c`;
  const counted = (wanted: LogLevel) => (level === 'all' || level === wanted ? (rows.find((row) => row.level === wanted)?.count ?? 0) : 0);
  return {
    newestId: rows[0]?.newestId ?? 0,
    counts: {
      total: counted('DEBUG') + counted('INFO') + counted('WARN') + counted('ERROR'),
      stats: { successful: counted('INFO'), warnings: counted('WARN'), errors: counted('ERROR') },
    },
  };
}

/**
 * How many logs match the filter, in all and per stat card, among the ids in (after, newestId]:
 * the whole list on a first page, only the new rows on an auto-refresh.
 */
export async function countBotLogs(
  sql: Sql,
  filter: BotLogFilter,
  range: { newestId: number; after?: number },
): Promise<BotLogCounts> {
  const { where } = await botLogFilter(sql, filter);
  const [row] = await sql<({ total: number } & BotLogStats)[]>`
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE level = 'INFO')::int AS successful,
      count(*) FILTER (WHERE level = 'WARN')::int AS warnings,
      count(*) FILTER (WHERE level = 'ERROR')::int AS errors
    FROM bot_logs
    WHERE ${where} AND id <= ${range.newestId}
      ${range.after === undefined ? sql`` : sql`AND id > ${range.after}`}`;
  const { total, ...stats } = row!;
  return { total, stats };
}

/** Every log matching the filter, newest first, read through a cursor in batches (the CSV export). */
export async function* botLogsForExport(sql: Sql, filter: BotLogFilter, batchSize = 1000): AsyncGenerator<BotLog> {
  const { where } = await botLogFilter(sql, filter);
  const cursor = sql<BotLogRow[]>`
    SELECT ${logColumns(sql)} FROM bot_logs WHERE ${where} ORDER BY id DESC`.cursor(batchSize);
  for await (const rows of cursor) {
    for (const row of rows) yield toBotLog(row);
  }
}
