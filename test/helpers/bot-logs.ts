import { insertBotLogs, type NewBotLog, type StoredBotLog } from '../../sql/bot-logs.js';
import type { Sql } from '../../sql/database.js';
import { seededRandom } from './contacts.js';

/** A log row as the bot writes it; the fields given replace the defaults. */
export function aBotLog(fields: Partial<NewBotLog> = {}): NewBotLog {
  return {
    createdAt: new Date('2026-11-21T09:00:00Z'),
    level: 'INFO',
    message: 'Sent the welcome message',
    command: '/start',
    userId: 1001,
    chatId: 1001,
    durationMs: 40,
    errorMessage: null,
    metadata: {},
    latitude: null,
    longitude: null,
    city: null,
    region: null,
    country: null,
    resultCount: null,
    language: null,
    ...fields,
  };
}

/** Inserts the rows in order and returns them with the ids they were given. */
export async function insertLogs(sql: Sql, rows: NewBotLog[], insert = insertBotLogs): Promise<StoredBotLog[]> {
  const [before] = await sql<{ id: number }[]>`SELECT coalesce(max(id), 0)::bigint AS id FROM bot_logs`;
  await insert(sql, rows);
  const ids = await sql<{ id: number }[]>`SELECT id FROM bot_logs WHERE id > ${before!.id} ORDER BY id`;
  return rows.map((row, index) => ({ ...row, id: ids[index]!.id }));
}

/**
 * Inserts the rows as the bot did before migration 041 gave each row its text's id, for tests of migrations
 * that meet an older schema (one statement, the columns every schema since 027 has).
 */
export async function insertLogsBefore041(sql: Sql, rows: NewBotLog[]): Promise<StoredBotLog[]> {
  return insertLogs(sql, rows, async (sql, rows) => {
    const column = <K extends keyof NewBotLog>(key: K) => rows.map((row) => row[key]);
    await sql`
      INSERT INTO bot_logs (created_at, level, message, command, user_id, chat_id, duration_ms, error_message,
        metadata, latitude, longitude, city, region, country, result_count)
      SELECT * FROM unnest(
        ${rows.map((row) => row.createdAt.toISOString())}::timestamptz[], ${column('level')}::text[], ${column('message')}::text[],
        ${column('command')}::text[], ${column('userId')}::bigint[], ${column('chatId')}::bigint[],
        ${column('durationMs')}::int[], ${column('errorMessage')}::text[],
        ${rows.map((row) => JSON.stringify(row.metadata))}::text[]::jsonb[],
        ${column('latitude')}::float8[], ${column('longitude')}::float8[], ${column('city')}::text[],
        ${column('region')}::text[], ${column('country')}::text[], ${column('resultCount')}::int[])`;
  });
}

/**
 * Runs `work` (inserting logs, rolling them up) on a database migrated only up to before 031, which
 * has no log language yet: the column and its roll-up are there only meanwhile, so the current code
 * runs and the migrations under test then meet the old schema, with its rows.
 */
export async function beforeLanguages<T>(sql: Sql, work: () => Promise<T>): Promise<T> {
  await sql`ALTER TABLE bot_logs ADD COLUMN language text`;
  await sql`CREATE TABLE log_hourly_languages (hour timestamptz, language text, requests integer NOT NULL, PRIMARY KEY (hour, language))`;
  try {
    return await work();
  } finally {
    await sql`DROP TABLE log_hourly_languages`;
    await sql`ALTER TABLE bot_logs DROP COLUMN language`;
  }
}

const OUTCOMES: Pick<NewBotLog, 'level' | 'message' | 'command' | 'errorMessage'>[] = [
  { level: 'INFO', message: 'Answered a location with 5 contacts', command: 'location', errorMessage: null },
  { level: 'INFO', message: 'Sent help', command: '/help', errorMessage: null },
  { level: 'WARN', message: 'Daily limit reached', command: 'location', errorMessage: null },
  { level: 'WARN', message: 'No place matches the text', command: 'text', errorMessage: null },
  { level: 'ERROR', message: 'Failed to answer', command: 'text', errorMessage: 'ETIMEDOUT while contacting Telegram' },
  { level: 'ERROR', message: 'Failed to answer', command: 'location', errorMessage: 'Call to sendMessage failed: Too Many Requests (429)' },
  { level: 'DEBUG', message: 'Re-checked group memberships with Telegram', command: 'location', errorMessage: null },
];

/** `count` varied log rows, the same for the same seed: every level, a few users and chats. */
export function manyBotLogs(count: number, seed: number, start = new Date('2026-11-20T00:00:00Z')): NewBotLog[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, index) => {
    const outcome = OUTCOMES[Math.floor(random() * OUTCOMES.length)]!;
    const userId = 5000 + Math.floor(random() * 20);
    const inGroup = random() < 0.3;
    return aBotLog({
      ...outcome,
      createdAt: new Date(start.getTime() + index * 60_000),
      userId,
      chatId: inGroup ? -1001000000000 - Math.floor(random() * 3) : userId,
      durationMs: Math.round(20 + random() * 3000),
      metadata: { updateId: 900_000 + index },
    });
  });
}
