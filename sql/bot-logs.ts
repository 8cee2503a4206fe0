import type { Sql } from './database.js';

export type LogLevel = 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';

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
}

/** Writes a batch of log rows in one statement. */
export async function insertBotLogs(sql: Sql, rows: NewBotLog[]): Promise<void> {
  if (rows.length === 0) return;
  const column = (key: Exclude<keyof NewBotLog, 'metadata'>) =>
    rows.map((row) => {
      const value = row[key];
      return value instanceof Date ? value.toISOString() : value;
    });
  await sql`
    INSERT INTO bot_logs (created_at, level, message, command, user_id, chat_id, duration_ms, error_message,
      metadata, latitude, longitude, city, region, country, result_count)
    -- text[] first: a jsonb[] parameter would encode each JSON text again, as a string.
    SELECT * FROM unnest(
      ${column('createdAt')}::timestamptz[], ${column('level')}::text[], ${column('message')}::text[],
      ${column('command')}::text[], ${column('userId')}::bigint[], ${column('chatId')}::bigint[],
      ${column('durationMs')}::int[], ${column('errorMessage')}::text[],
      ${rows.map((row) => JSON.stringify(row.metadata))}::text[]::jsonb[],
      ${column('latitude')}::float8[], ${column('longitude')}::float8[], ${column('city')}::text[],
      ${column('region')}::text[], ${column('country')}::text[], ${column('resultCount')}::int[])`;
}
