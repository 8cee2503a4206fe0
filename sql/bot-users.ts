import type postgres from 'postgres';
import type { Sql } from './database.js';
import { containsPattern } from './like.js';
import type { LanguageCode } from '../api/contract/languages.js';

export interface TelegramProfile {
  telegramId: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
  languageCode: string | null;
}

export interface StoredTelegramUser extends TelegramProfile {
  id: number;
  isActive: boolean;
  isBlocked: boolean;
  totalRequests: number;
  lastSeen: Date | null;
  createdAt: Date;
}

/**
 * Records that a user was seen: their current names, and that they can be reached again. The row
 * is written only when something changed or the last sighting is a minute old: a user sending
 * many messages would otherwise rewrite it, and every one of its indexes, for each of them.
 */
export async function upsertTelegramUser(sql: Sql, profile: TelegramProfile, seenAt: Date): Promise<StoredTelegramUser> {
  const [user] = await sql<StoredTelegramUser[]>`
    WITH seen AS (
      INSERT INTO telegram_users AS u (telegram_id, first_name, last_name, username, language_code, last_seen)
      VALUES (${profile.telegramId}, ${profile.firstName}, ${profile.lastName}, ${profile.username}, ${profile.languageCode}, ${seenAt})
      ON CONFLICT (telegram_id) DO UPDATE SET
        first_name = excluded.first_name, last_name = excluded.last_name, username = excluded.username,
        language_code = excluded.language_code, last_seen = excluded.last_seen, is_active = true
      WHERE (u.first_name, u.last_name, u.username, u.language_code)
          IS DISTINCT FROM (excluded.first_name, excluded.last_name, excluded.username, excluded.language_code)
        OR NOT u.is_active OR u.last_seen IS NULL OR u.last_seen <= excluded.last_seen - interval '1 minute'
      RETURNING *)
    SELECT * FROM seen
    UNION ALL
    SELECT * FROM telegram_users WHERE telegram_id = ${profile.telegramId} AND NOT EXISTS (SELECT 1 FROM seen)`;
  return user!;
}

/** Adds one to each user's total of answered requests (an id listed twice counts twice). */
export async function countTelegramRequests(sql: Sql, telegramIds: number[]): Promise<void> {
  if (telegramIds.length === 0) return;
  await sql`
    UPDATE telegram_users u SET total_requests = total_requests + requests.n
    FROM (SELECT id, count(*) AS n FROM unnest(${telegramIds}::bigint[]) AS id GROUP BY id) AS requests
    WHERE u.telegram_id = requests.id`;
}

/**
 * Records sightings of known users, batched by the bot's recorder: the last sighting, and that they can be
 * reached again. A row is rewritten only when it says otherwise or its sighting is a minute old, as upsertTelegramUser.
 */
export async function markTelegramUsersSeen(sql: Sql, sightings: { telegramId: number; seenAt: string }[]): Promise<void> {
  if (sightings.length === 0) return;
  await sql`
    UPDATE telegram_users u SET last_seen = seen.at, is_active = true
    FROM unnest(${sightings.map((sighting) => sighting.telegramId)}::bigint[], ${sightings.map((sighting) => sighting.seenAt)}::timestamptz[]) AS seen (id, at)
    WHERE u.telegram_id = seen.id
      AND (NOT u.is_active OR u.last_seen IS NULL OR u.last_seen <= seen.at - interval '1 minute')`;
}

/** Telegram said the user blocked the bot or was deactivated: stop counting them as reachable. */
export async function markTelegramUserUnreachable(sql: Sql, telegramId: number): Promise<void> {
  await sql`UPDATE telegram_users SET is_active = false WHERE telegram_id = ${telegramId}`;
}

/** Every bot user's profile and reachability, for populating the Telegram simulator. */
export async function listTelegramProfiles(sql: Sql): Promise<(TelegramProfile & { isActive: boolean })[]> {
  return sql<(TelegramProfile & { isActive: boolean })[]>`
    SELECT telegram_id, first_name, last_name, username, language_code, is_active FROM telegram_users ORDER BY telegram_id`;
}

/** A bot user as the console lists them, with today's answered requests. */
export interface ListedTelegramUser extends StoredTelegramUser {
  requestsToday: number;
  /** The language the bot answers them in now (bot_user_language with the system settings). */
  language: LanguageCode;
  /** They chose it with /language. */
  languageChosen: boolean;
}

export interface TelegramUserFilter {
  search?: string;
  status: 'all' | 'active' | 'inactive';
  language?: LanguageCode;
}

/** The language the bot answers user `u` in, resolved in SQL as the bot resolves it; the settings are read once per query. */
function userLanguageSql(sql: Sql): postgres.PendingQuery<postgres.Row[]> {
  return sql`bot_user_language(u.chosen_language, u.language_code,
    (SELECT default_language FROM system_settings WHERE id), (SELECT bot_languages FROM system_settings WHERE id))`;
}

function userFilterSql(sql: Sql, filter: TelegramUserFilter): postgres.PendingQuery<postgres.Row[]> {
  const conditions: postgres.PendingQuery<postgres.Row[]>[] = [];
  // search_text is lower-cased; the trigram index serves LIKE '%…%'.
  if (filter.search) conditions.push(sql`u.search_text LIKE ${containsPattern(filter.search.replace(/^@/, '').toLowerCase())}`);
  if (filter.status !== 'all') conditions.push(filter.status === 'active' ? sql`u.is_active` : sql`NOT u.is_active`);
  if (filter.language) conditions.push(sql`${userLanguageSql(sql)} = ${filter.language}`);
  if (conditions.length === 0) return sql`TRUE`;
  return conditions.reduce((all, condition) => sql`${all} AND ${condition}`);
}

/**
 * One page of the users matching the filter, most recently seen first, and how many match
 * (counted unless the caller already knows).
 */
export async function listTelegramUsers(
  sql: Sql,
  filter: TelegramUserFilter,
  page: { page: number; pageSize: number },
  today: string,
  knownTotal?: number,
): Promise<{ items: ListedTelegramUser[]; total: number }> {
  const where = userFilterSql(sql, filter);
  const [items, total] = await Promise.all([
    sql<ListedTelegramUser[]>`
      SELECT u.*, coalesce(d.used, 0) AS requests_today,
        ${userLanguageSql(sql)} AS language, u.chosen_language IS NOT NULL AS language_chosen
      FROM telegram_users u
      LEFT JOIN daily_usage d ON d.telegram_id = u.telegram_id AND d.usage_date = ${today}::date
      WHERE ${where}
      ORDER BY u.last_seen DESC NULLS LAST, u.id DESC
      LIMIT ${page.pageSize} OFFSET ${(page.page - 1) * page.pageSize}`,
    knownTotal ?? sql<{ total: number }[]>`SELECT count(*)::int AS total FROM telegram_users u WHERE ${where}`.then(([count]) => count!.total),
  ]);
  return { items, total };
}

/** The Telegram ids of the users matching the filter (at most `limit`), and how many match. */
export async function listTelegramUserIds(sql: Sql, filter: TelegramUserFilter, limit: number): Promise<{ ids: number[]; total: number }> {
  const where = userFilterSql(sql, filter);
  const [rows, [count]] = await Promise.all([
    sql<{ telegramId: number }[]>`SELECT u.telegram_id FROM telegram_users u WHERE ${where} ORDER BY u.telegram_id LIMIT ${limit}`,
    sql<{ total: number }[]>`SELECT count(*)::int AS total FROM telegram_users u WHERE ${where}`,
  ]);
  return { ids: rows.map((row) => row.telegramId), total: count!.total };
}

/**
 * A bot user (`u`) a broadcast to all users reaches: active (Telegram delivers to them) and not
 * blocked by staff. The Broadcasts screen's reachable count and the broadcasts' audience both use it.
 */
export function reachableUser(sql: Sql): postgres.PendingQuery<postgres.Row[]> {
  return sql`u.is_active AND NOT u.is_blocked`;
}

/** The Bot Users summary cards, over every user, and how many of them are reachable (reachableUser). */
export async function summarizeTelegramUsers(
  sql: Sql,
): Promise<{ totalUsers: number; activeUsers: number; inactiveUsers: number; totalRequests: number; reachableUsers: number }> {
  const [summary] = await sql<{ totalUsers: number; activeUsers: number; inactiveUsers: number; totalRequests: number; reachableUsers: number }[]>`
    SELECT count(*)::int AS total_users,
      (count(*) FILTER (WHERE is_active))::int AS active_users,
      (count(*) FILTER (WHERE NOT is_active))::int AS inactive_users,
      coalesce(sum(total_requests), 0)::float8 AS total_requests,
      (count(*) FILTER (WHERE ${reachableUser(sql)}))::int AS reachable_users
    FROM telegram_users u`;
  return summary!;
}

export async function findTelegramUser(sql: Sql, telegramId: number, today: string): Promise<ListedTelegramUser | undefined> {
  const [user] = await sql<ListedTelegramUser[]>`
    SELECT u.*, coalesce(d.used, 0) AS requests_today,
      ${userLanguageSql(sql)} AS language, u.chosen_language IS NOT NULL AS language_chosen
    FROM telegram_users u
    LEFT JOIN daily_usage d ON d.telegram_id = u.telegram_id AND d.usage_date = ${today}::date
    WHERE u.telegram_id = ${telegramId}`;
  return user;
}

/** Staff block (or unblock) a user from the bot; the bot refuses them from their next request. */
export async function setTelegramUserBlocked(sql: Sql, telegramId: number, isBlocked: boolean): Promise<void> {
  await sql`UPDATE telegram_users SET is_blocked = ${isBlocked} WHERE telegram_id = ${telegramId}`;
}

export interface UserRequestLog {
  id: number;
  createdAt: Date;
  level: string;
  message: string;
  command: string | null;
  /** The text the user typed, when the log kept it (a place search's query). */
  text: string | null;
  chatId: number | null;
  durationMs: number | null;
  errorMessage: string | null;
}

/** A user's latest requests from the bot logs, newest first. */
export async function listRecentUserRequests(sql: Sql, telegramId: number, limit: number): Promise<UserRequestLog[]> {
  return sql<UserRequestLog[]>`
    SELECT id, created_at, level, message, command, metadata->>'query' AS text, chat_id, duration_ms, error_message
    FROM bot_logs WHERE user_id = ${telegramId} ORDER BY id DESC LIMIT ${limit}`;
}

/** A bot user row as stored without its id, every column given (bulk loads: demo data). */
export type NewTelegramUser = Omit<StoredTelegramUser, 'id'>;

/** Inserts bot users in one statement; a Telegram id already known is left as it is. */
export async function insertTelegramUsers(sql: Sql, users: NewTelegramUser[]): Promise<void> {
  if (users.length === 0) return;
  await sql`INSERT INTO telegram_users ${sql(users)} ON CONFLICT (telegram_id) DO NOTHING`;
}
