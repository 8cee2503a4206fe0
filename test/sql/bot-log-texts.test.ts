import t, { type Test } from 'tap';
import { countBotLogs, insertBotLogs, listBotLogs, type NewBotLog } from '../../sql/bot-logs.js';
import type { Sql } from '../../sql/database.js';
import { applyLogRetention, forgetUnusedLogTexts } from '../../sql/log-retention.js';
import { runMigrations } from '../../sql/migrate.js';
import { updateSystemSettings } from '../../sql/settings.js';
import { transaction } from '../../sql/transaction.js';
import { aBotLog, insertLogs, insertLogsBefore041, manyBotLogs } from '../helpers/bot-logs.js';
import { createTestDatabase, runMigrationsBefore } from '../helpers/database.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Rows whose texts the search must find as they are: cases, LIKE's own characters, a text longer than a btree entry. */
const SPECIAL_ROWS: Partial<NewBotLog>[] = [
  { message: 'Location lookup near München', command: 'location' },
  { message: 'Discount of 50% applied', command: null },
  { message: 'Read file_name_1', command: '/start' },
  { message: 'Path C:\\bot\\logs', command: 'text' },
  { message: 'Failed to answer', command: 'text', level: 'ERROR', errorMessage: `Stack: ${'at handler (bot/features/lookup.ts:42:7)\n'.repeat(120)}` },
  { message: 'USER 4242 wrote', command: 'text', userId: 4242, chatId: 4242 },
];

const SEARCHES = ['location', 'LOCATION', 'münchen', '50%', '%', '_', 'file_name', 'c:\\bot', 'lookup.ts:42', 'failed to answer etimedout',
  'etimedout', 'too many', '/help', 'daily limit', '4242', '5003', 'no such words', 'a'];

/** The ids a search matches, found the way migration 008's index did: the expression over every row, with 059's request text. */
async function matchedByScan(sql: Sql, search: string): Promise<number[]> {
  const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const id = /^-?\d{1,15}$/.test(search) ? Number(search) : null;
  const rows = await sql<{ id: number }[]>`
    SELECT id FROM bot_logs
    WHERE lower(message || ' ' || coalesce(command, '') || ' ' || coalesce(error_message, '')
        || coalesce(' ' || bot_log_request_text(metadata, city, region, country), '')) LIKE lower(${pattern})
      OR user_id = ${id} OR chat_id = ${id}
    ORDER BY id DESC`;
  return rows.map((row) => row.id);
}

async function matchedBySearch(sql: Sql, search: string): Promise<{ ids: number[]; total: number }> {
  const filter = { level: 'all' as const, search };
  const [newest] = await sql<{ id: number }[]>`SELECT coalesce(max(id), 0)::bigint AS id FROM bot_logs`;
  const page = await listBotLogs(sql, filter, { newestId: newest!.id, limit: 10_000 });
  const counts = await countBotLogs(sql, filter, { newestId: newest!.id });
  return { ids: page.items.map((item) => item.id), total: counts.total };
}

async function searchesAgreeWithScan(t: Test, sql: Sql): Promise<void> {
  for (const search of SEARCHES) {
    const expected = await matchedByScan(sql, search);
    const { ids, total } = await matchedBySearch(sql, search);
    t.strictSame(ids, expected, `"${search}": the same ${expected.length} rows as a scan of every row`);
    t.equal(total, expected.length, `"${search}": counted alike`);
  }
}

const textsKept = async (sql: Sql) =>
  (await sql<{ searchText: string }[]>`SELECT search_text FROM bot_log_texts ORDER BY search_text`).map((row) => row.searchText);

t.test('migration 041 keeps the texts of an existing bot_logs once each, and the search finds what it found before', async (t) => {
  const db = await createTestDatabase({ migrate: false });
  t.teardown(() => db.close());
  const { sql } = db;
  await runMigrationsBefore(sql, '041');
  const rows = [...manyBotLogs(300, 7), ...SPECIAL_ROWS.map((fields) => aBotLog(fields))];
  await insertLogsBefore041(sql, rows);
  const rowsBefore = await sql`SELECT * FROM bot_logs ORDER BY id`;

  t.equal((await runMigrations(sql))[0], '041_bot_log_texts.sql', '041 is the next migration to run');

  const rowsAfter = await sql<Record<string, unknown>[]>`SELECT * FROM bot_logs ORDER BY id`;
  t.strictSame(rowsAfter.map(({ textId: _textId, ...row }) => row), [...rowsBefore], 'the rows are as they were');
  const texts = await sql<{ id: number; searchText: string }[]>`SELECT id, search_text FROM bot_log_texts`;
  const textOf = new Map(texts.map((text) => [text.id, text.searchText]));
  t.ok(
    rowsAfter.every((row) => textOf.get(row.textId as number) === `${row.message as string} ${(row.command as string | null) ?? ''} ${(row.errorMessage as string | null) ?? ''}`.toLowerCase()),
    'each with the id of its own text',
  );
  const distinct = await sql<{ n: number }[]>`
    SELECT count(DISTINCT lower(message || ' ' || coalesce(command, '') || ' ' || coalesce(error_message, '')))::int AS n FROM bot_logs`;
  t.equal((await textsKept(sql)).length, distinct[0]!.n, `each distinct text once: ${distinct[0]!.n} for ${rows.length} rows`);
  const indexes = await sql<{ name: string }[]>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'bot_logs' ORDER BY indexname`;
  t.notOk(indexes.some((index) => index.name === 'bot_logs_search_trgm_idx'), 'the trigram index over every row is gone');
  t.ok(indexes.some((index) => index.name === 'bot_logs_text_idx'), 'the rows are indexed by their text\'s id');
  await searchesAgreeWithScan(t, sql);
});

t.test('every statement that writes log rows keeps their texts: the recorder\'s batches, rows by hand, an update', async (t) => {
  const db = await createTestDatabase();
  t.teardown(() => db.close());
  const { sql } = db;
  await insertLogs(sql, [...manyBotLogs(500, 11), ...SPECIAL_ROWS.map((fields) => aBotLog(fields))]);
  t.equal((await textsKept(sql)).length, 13, 'seven kinds of outcome and six special rows: thirteen texts for 506 rows');
  await searchesAgreeWithScan(t, sql);

  await sql`INSERT INTO bot_logs (level, message, command) VALUES ('WARN', 'Written by hand in psql', NULL)`;
  t.equal((await matchedBySearch(sql, 'by hand')).total, 1, 'a row added by hand is found');
  await sql`UPDATE bot_logs SET message = 'Renamed by hand' WHERE message = 'Written by hand in psql'`;
  t.equal((await matchedBySearch(sql, 'renamed')).total, 1, 'a changed row is found by its new text');
  t.equal((await matchedBySearch(sql, 'in psql')).total, 0, 'and no longer by its old one');

  const [text] = await sql<{ lastLoggedOn: string }[]>`
    SELECT last_logged_on::text FROM bot_log_texts WHERE search_text = 'answered a location with 5 contacts location '`;
  t.equal(text!.lastLoggedOn, '2026-11-20', "a text's day is its newest row's");
  await insertLogs(sql, [aBotLog({ message: 'Answered a location with 5 contacts', command: 'location', createdAt: new Date('2026-11-24T23:30:00Z') })]);
  await insertLogs(sql, [aBotLog({ message: 'Answered a location with 5 contacts', command: 'location', createdAt: new Date('2026-11-01T08:00:00Z') })]);
  const [moved] = await sql<{ lastLoggedOn: string }[]>`
    SELECT last_logged_on::text FROM bot_log_texts WHERE search_text = 'answered a location with 5 contacts location '`;
  t.equal(moved!.lastLoggedOn, '2026-11-24', 'moves on with a newer row (its UTC day), and not back with an older one');
});

/** Requests with a typed text or a place, as the bot records them. */
const REQUEST_ROWS: Partial<NewBotLog>[] = [
  { message: 'Asked to confirm a place', command: 'text', metadata: { query: 'Москва', placeIds: [524901], place: 'Moscow, Moscow, Russia' } },
  { message: 'No place matches the text', command: 'text', level: 'WARN', metadata: { query: 'Київ-Пасажирський' } },
  { message: 'Answered a confirmed place with 3 contacts', command: 'callback', city: 'München', region: 'Bavaria', country: 'Germany' },
];

const searchTotal = async (sql: Sql, search: string) => (await matchedBySearch(sql, search)).total;

t.test('migration 059 gives kept requests their typed text and place, and every writer builds the same text', async (t) => {
  const db = await createTestDatabase({ migrate: false });
  t.teardown(() => db.close());
  const { sql } = db;
  await runMigrationsBefore(sql, '059');
  await insertLogsBefore041(sql, [...manyBotLogs(200, 5), ...REQUEST_ROWS.map((fields) => aBotLog(fields))]);
  t.equal(await searchTotal(sql, 'москва'), 0, 'before 059 the typed text is not searched');

  t.equal((await runMigrations(sql))[0], '059_bot_log_request_search.sql', '059 is the next migration to run');
  for (const search of ['москва', 'МОСКВА', 'moscow', 'київ-пас', 'münchen', 'bavaria', 'germany', 'confirm a place']) {
    t.equal(await searchTotal(sql, search), 1, `"${search}" finds its request after 059`);
  }
  await searchesAgreeWithScan(t, sql);

  // The recorder builds the request text in TypeScript, the trigger in SQL: the same row gets the same text either way.
  const [byRecorder] = await insertLogs(sql, [aBotLog(REQUEST_ROWS[0])]);
  const [byHand] = await insertLogsBefore041(sql, [aBotLog(REQUEST_ROWS[0])]);
  const textIds = await sql<{ textId: number }[]>`SELECT text_id FROM bot_logs WHERE id IN ${sql([byRecorder!.id, byHand!.id])}`;
  t.equal(new Set(textIds.map((row) => row.textId)).size, 1, 'one text for the recorder\'s row and the row written by hand');
  const [text] = await sql<{ searchText: string }[]>`SELECT search_text FROM bot_log_texts WHERE id = ${textIds[0]!.textId}`;
  t.equal(text!.searchText, 'asked to confirm a place text  москва moscow, moscow, russia');

  await sql`UPDATE bot_logs SET city = 'Lviv' WHERE id = ${byHand!.id}`;
  t.equal(await searchTotal(sql, 'lviv'), 1, 'a row given a place is found by it');
});

t.test('writers adding the same new texts at once, in different orders: every row kept, each text once', async (t) => {
  const db = await createTestDatabase();
  t.teardown(() => db.close());
  const { sql } = db;
  for (let round = 0; round < 5; round += 1) {
    const messages = Array.from({ length: 60 }, (_, index) => `Round ${round} text ${index}`);
    // Overlapping sets, one backwards, each written in its own transaction as the recorder writes a batch.
    const batches = [messages.slice(0, 40), messages.slice(20).reverse(), messages.filter((_, index) => index % 2 === 0)];
    await Promise.all(batches.map((batch) => transaction(sql, (tx) => insertBotLogs(tx, batch.map((message) => aBotLog({ message }))))));
    const [row] = await sql<{ rows: number; texts: number }[]>`
      SELECT (SELECT count(*)::int FROM bot_logs WHERE message LIKE ${`Round ${round} %`}) AS rows,
        (SELECT count(*)::int FROM bot_log_texts WHERE search_text LIKE ${`round ${round} %`}) AS texts`;
    t.strictSame(row, { rows: 40 + 40 + 30, texts: 60 }, `round ${round}: 110 rows, 60 texts`);
  }
  await searchesAgreeWithScan(t, sql);
});

t.test('retention forgets the texts no row has any more and keeps those still in use', async (t) => {
  const db = await createTestDatabase();
  t.teardown(() => db.close());
  const { sql } = db;
  const now = new Date();
  const longAgo = new Date(now.getTime() - 60 * DAY_MS);
  await insertLogs(sql, [
    aBotLog({ createdAt: longAgo, message: 'Only long ago' }),
    aBotLog({ createdAt: longAgo, message: 'Long ago and today' }),
    aBotLog({ createdAt: now, message: 'Long ago and today' }),
    aBotLog({ createdAt: now, message: 'Only today' }),
  ]);
  await updateSystemSettings(sql, { logRetentionDays: 30 });

  const result = await applyLogRetention(sql, now);
  t.equal(result.deleted, 2, 'the two old rows are gone');
  t.equal(result.textsForgotten, 1, 'and the one text only they had');
  t.strictSame(await textsKept(sql), ['long ago and today /start ', 'only today /start '], 'the texts of the rows kept stay');
  t.equal((await matchedBySearch(sql, 'long ago')).total, 1);
  t.equal((await matchedBySearch(sql, 'only long ago')).total, 0);

  // A text whose day is past the cutoff but whose row is still there (a late row not rolled up yet) is kept.
  await sql`UPDATE bot_log_texts SET last_logged_on = ${longAgo}::date WHERE search_text = 'only today /start '`;
  t.equal(await forgetUnusedLogTexts(sql, now), 0, 'a text with a row left is kept whatever its day says');
  t.equal((await matchedBySearch(sql, 'only today')).total, 1);
});

/** The ids bot_log_text_ids gives for the texts, as the recorder asks for them. */
async function textIds(sql: Sql, texts: { message: string; request?: string | null; day: string }[]): Promise<number[]> {
  const [row] = await sql<{ ids: number[] }[]>`
    SELECT bot_log_text_ids(${texts.map((text) => text.message)}::text[], ${texts.map(() => 'location')}::text[],
      ${texts.map(() => null)}::text[], ${texts.map((text) => text.request ?? null)}::text[], ${texts.map((text) => text.day)}::date[]) AS ids`;
  return row!.ids;
}

/** Each kept text's id, day and row version (ctid and xmin change with any write to it, xmax with a lock), by search text. */
async function keptVersions(sql: Sql): Promise<Map<string, string>> {
  const rows = await sql<{ searchText: string; version: string }[]>`
    SELECT search_text, id || ' ' || last_logged_on || ' ' || ctid || ' ' || xmin || ' ' || xmax AS version FROM bot_log_texts`;
  return new Map(rows.map((row) => [row.searchText, row.version]));
}

t.test('migration 063: texts kept already are looked up without a write; new ones and later days are written, the ids in the order given', async (t) => {
  const db = await createTestDatabase({ migrate: false });
  t.teardown(() => db.close());
  const { sql } = db;
  await runMigrationsBefore(sql, '063');
  const places = ['München Bavaria Germany', 'Lviv Lviv Oblast Ukraine', 'Porto Porto Portugal'];
  const before = await textIds(sql, places.map((request) => ({ message: 'Answered a location with 5 contacts', request, day: '2026-11-20' })));
  await insertLogsBefore041(sql, [aBotLog({ message: 'Written by hand', city: 'Oslo', createdAt: new Date('2026-11-20T10:00:00Z') })]);
  const versions = await keptVersions(sql);

  t.equal((await runMigrations(sql))[0], '063_bot_log_text_lookup.sql', '063 is the next migration to run');
  t.strictSame(await keptVersions(sql), versions, 'the kept texts are as they were');

  const ids = await textIds(sql, [
    { message: 'Answered a location with 5 contacts', request: places[2], day: '2026-11-20' },
    { message: 'A text never logged', request: 'Oslo Norway', day: '2026-11-20' },
    { message: 'Answered a location with 5 contacts', request: places[0], day: '2026-11-19' },
    { message: 'Answered a location with 5 contacts', request: places[1], day: '2026-11-21' },
    { message: 'Answered a location with 5 contacts', request: places[2], day: '2026-11-20' },
  ]);
  t.strictSame([ids[0], ids[2], ids[3], ids[4]], [before[2], before[0], before[1], before[2]], 'kept texts keep their ids, in the order given');
  t.notOk(before.includes(ids[1]!), 'a new text gets an id of its own');
  const after = await keptVersions(sql);
  const key = (request: string) => `answered a location with 5 contacts location  ${request.toLowerCase()}`;
  t.equal(after.get(key(places[0]!)), versions.get(key(places[0]!)), 'a text kept with a later day is neither written nor locked');
  t.equal(after.get(key(places[2]!)), versions.get(key(places[2]!)), 'nor one kept with the same day');
  t.match(after.get(key(places[1]!)), new RegExp(`^${before[1]} 2026-11-21 `), 'a text logged on a later day moves its day on');
  t.equal(after.size, versions.size + 1, 'one text added');
  t.equal(await searchTotal(sql, 'oslo'), 1, 'the row written before 063 is still found by its place');
});
