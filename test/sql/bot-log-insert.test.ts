import t from 'tap';
import { insertBotLogs, KnownLogTexts, type NewBotLog } from '../../sql/bot-logs.js';
import type { Sql } from '../../sql/database.js';
import { transaction } from '../../sql/transaction.js';
import { aBotLog } from '../helpers/bot-logs.js';
import { createTestDatabase } from '../helpers/database.js';

const db = await createTestDatabase();
t.teardown(() => db.close());
const { sql } = db;

/** More rows than one INSERT takes: the batch goes in several statements at once. */
const ROWS = 2_600;

function numberedLogs(count: number, from = 0): NewBotLog[] {
  return Array.from({ length: count }, (_, index) =>
    aBotLog({
      message: `Answered a location with ${(from + index) % 6} contacts`,
      userId: 5000 + ((from + index) % 37),
      chatId: (from + index) % 3 === 0 ? -1001000000001 : 5000 + ((from + index) % 37),
      metadata: { n: from + index },
      createdAt: new Date(Date.UTC(2026, 10, 21, 9, 0, 0, from + index)),
    }),
  );
}

async function storedNumbers(sql: Sql): Promise<number[]> {
  const rows = await sql<{ n: number }[]>`SELECT (metadata->>'n')::int AS n FROM bot_logs ORDER BY id`;
  return rows.map((row) => row.n);
}

async function countLogs(): Promise<number> {
  const [row] = await sql<{ count: number }[]>`SELECT count(*)::int AS count FROM bot_logs`;
  return row!.count;
}

t.beforeEach(async () => {
  await sql`DELETE FROM bot_logs`;
});

t.test('a batch of several statements keeps every row once, in the order given, each with its own text', async (t) => {
  const logs = numberedLogs(ROWS);
  await insertBotLogs(sql, logs);
  t.strictSame(await storedNumbers(sql), logs.map((_, index) => index), `${ROWS} rows, ids in the order they were logged`);
  const mismatched = await sql<{ id: number }[]>`
    SELECT l.id FROM bot_logs l JOIN bot_log_texts x ON x.id = l.text_id
    WHERE x.search_text <> bot_log_search_text(l.message, l.command, l.error_message)`;
  t.equal(mismatched.length, 0, "every row points at its own message's text");
  const [stored] = await sql<{ userId: number; chatId: number; createdAt: Date }[]>`
    SELECT user_id, chat_id, created_at FROM bot_logs WHERE metadata->>'n' = '2599'`;
  t.strictSame(stored, { userId: logs[2599]!.userId, chatId: logs[2599]!.chatId, createdAt: logs[2599]!.createdAt }, 'the last statement’s row as given');
});

t.test('a row the database refuses keeps none of its batch, and a surrounding transaction goes on', async (t) => {
  await insertBotLogs(sql, numberedLogs(10));
  const refused = numberedLogs(ROWS, 10);
  // In the third statement: the first two were already written when it failed.
  refused[2_300] = { ...refused[2_300]!, level: 'LOUD' as NewBotLog['level'] };
  await t.rejects(insertBotLogs(sql, refused), /bot_logs_level_check/);
  t.equal(await countLogs(), 10, 'nothing of the refused batch is kept');

  await transaction(sql, async (tx) => {
    await t.rejects(insertBotLogs(tx, refused), /bot_logs_level_check/);
    await insertBotLogs(tx, numberedLogs(5, 5000));
  });
  t.strictSame(await storedNumbers(sql), [...Array.from({ length: 10 }, (_, n) => n), 5000, 5001, 5002, 5003, 5004], 'the transaction kept what it wrote after');
});

/** The row numbers and the search texts of the texts the rows point at, by row number. */
async function rowTexts(): Promise<[number, string | null][]> {
  const rows = await sql<{ n: number; searchText: string | null }[]>`
    SELECT (l.metadata->>'n')::int AS n, x.search_text FROM bot_logs l LEFT JOIN bot_log_texts x ON x.id = l.text_id ORDER BY 1`;
  return rows.map((row) => [row.n, row.searchText]);
}

t.test('texts a writer knows are not looked up again that day; a new one, or one on a later day, is', async (t) => {
  const known = new KnownLogTexts();
  await insertBotLogs(sql, numberedLogs(12), known);
  known.settle(true);
  // Behind the writer's back: a row that looked its text up would get a new one.
  await sql`DELETE FROM bot_log_texts WHERE id = (SELECT text_id FROM bot_logs WHERE metadata->>'n' = '0')`;
  await insertBotLogs(sql, numberedLogs(12, 12), known);
  known.settle(true);
  await insertBotLogs(sql, [{ ...numberedLogs(1, 24)[0]!, message: 'A message never logged before' }], known);
  known.settle(true);
  await insertBotLogs(sql, [{ ...numberedLogs(1, 30)[0]!, createdAt: new Date(Date.UTC(2026, 10, 22, 9)) }], known);
  const texts = new Map(await rowTexts());
  const own = new Map(
    (
      await sql<{ n: number; searchText: string }[]>`
        SELECT (metadata->>'n')::int AS n, bot_log_search_text(message, command, error_message, bot_log_request_text(metadata, city, region, country)) AS search_text
        FROM bot_logs`
    ).map((row) => [row.n, row.searchText]),
  );
  t.strictSame([texts.get(0), texts.get(12), texts.get(18)], [null, null, null], 'the known text\'s id is used again without a lookup, the same day');
  t.strictSame([13, 24, 30].map((n) => texts.get(n)), [13, 24, 30].map((n) => own.get(n)), 'another known text, a new text, and a known one on a later day (looked up again) point at their own');
});

t.test('what a write learned in a transaction that rolled back is not used', async (t) => {
  const known = new KnownLogTexts();
  const fresh = numberedLogs(3).map((log, index) => ({ ...log, message: `Rolled back text ${index}` }));
  await t.rejects(
    transaction(sql, async (tx) => {
      await insertBotLogs(tx, fresh, known);
      throw new Error('the batch failed after its logs');
    }),
    /the batch failed/,
  );
  known.settle(false);
  const texts = await sql`SELECT 1 FROM bot_log_texts WHERE search_text LIKE 'rolled back text%'`;
  t.equal(texts.length, 0, 'the texts it added were rolled back');
  await insertBotLogs(sql, fresh, known);
  t.strictSame((await rowTexts()).map(([, text]) => text !== null), [true, true, true], 'written again, the rows point at texts that exist');
});
