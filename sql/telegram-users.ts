import type { Sql } from './database.js';

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

/** Records that a user was seen: their current names, and that they can be reached again. */
export async function upsertTelegramUser(sql: Sql, profile: TelegramProfile, seenAt: Date): Promise<StoredTelegramUser> {
  const [user] = await sql<StoredTelegramUser[]>`
    INSERT INTO telegram_users (telegram_id, first_name, last_name, username, language_code, last_seen)
    VALUES (${profile.telegramId}, ${profile.firstName}, ${profile.lastName}, ${profile.username}, ${profile.languageCode}, ${seenAt})
    ON CONFLICT (telegram_id) DO UPDATE SET
      first_name = excluded.first_name, last_name = excluded.last_name, username = excluded.username,
      language_code = excluded.language_code, last_seen = excluded.last_seen, is_active = true
    RETURNING *`;
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

/** Telegram said the user blocked the bot or was deactivated: stop counting them as reachable. */
export async function markTelegramUserUnreachable(sql: Sql, telegramId: number): Promise<void> {
  await sql`UPDATE telegram_users SET is_active = false WHERE telegram_id = ${telegramId}`;
}

/** Every bot user's profile and reachability, for populating the Telegram simulator. */
export async function listTelegramProfiles(sql: Sql): Promise<(TelegramProfile & { isActive: boolean })[]> {
  return sql<(TelegramProfile & { isActive: boolean })[]>`
    SELECT telegram_id, first_name, last_name, username, language_code, is_active FROM telegram_users ORDER BY telegram_id`;
}
