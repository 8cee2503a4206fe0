import type { Sql } from './database.js';

/** A bot user row as stored, every column given (bulk loads: demo data). */
export interface NewTelegramUser {
  telegramId: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
  languageCode: string | null;
  isActive: boolean;
  isBlocked: boolean;
  totalRequests: number;
  lastSeen: Date | null;
  createdAt: Date;
}

/** Inserts bot users in one statement; a Telegram id already known is left as it is. */
export async function insertTelegramUsers(sql: Sql, users: NewTelegramUser[]): Promise<void> {
  if (users.length === 0) return;
  await sql`INSERT INTO telegram_users ${sql(users)} ON CONFLICT (telegram_id) DO NOTHING`;
}
