import t from 'tap';
import { datasetSizes, generateDataset } from '../../bench/dataset.js';
import { insertBotLogs } from '../../sql/bot-logs.js';
import { aBotLog } from '../helpers/bot-logs.js';
import { createTestDatabase } from '../helpers/database.js';

// The benchmark's data set at its smallest: its bot logs as the bot's recorder writes them (sql/bot-logs.ts).
const log = console.log;
console.log = (...parts: unknown[]) => t.comment(parts.join(' '));
t.teardown(() => void (console.log = log));
const database = await createTestDatabase({ largeCities: true });
t.teardown(() => database.close());
const { sql } = database;
const now = new Date('2026-11-21T12:00:00Z');
await generateDataset(sql, datasetSizes(0.001), now);

t.test('each log row has the text of its message, command, error and place, as the product gives it', async (t) => {
  const [checked] = await sql<{ rows: number; placed: number; wrong: number }[]>`
    SELECT count(*)::int AS rows, count(*) FILTER (WHERE l.city IS NOT NULL)::int AS placed,
      count(*) FILTER (WHERE t.search_text IS DISTINCT FROM
        bot_log_search_text(l.message, l.command, l.error_message, bot_log_request_text(l.metadata, l.city, l.region, l.country)))::int AS wrong
    FROM bot_logs l LEFT JOIN bot_log_texts t ON t.id = l.text_id`;
  t.equal(checked!.rows, 3000);
  t.ok(checked!.placed > 1000, 'most rows have a place');
  t.equal(checked!.wrong, 0);
});

t.test('bot_log_texts holds exactly the texts the rows use, each with the UTC day of its newest row', async (t) => {
  const [texts] = await sql<{ texts: number; unused: number; wrongDay: number }[]>`
    SELECT count(*)::int AS texts, count(*) FILTER (WHERE newest IS NULL)::int AS unused,
      count(*) FILTER (WHERE newest IS DISTINCT FROM last_logged_on)::int AS wrong_day
    FROM bot_log_texts t
      LEFT JOIN LATERAL (SELECT max((created_at AT TIME ZONE 'UTC')::date) AS newest FROM bot_logs l WHERE l.text_id = t.id) l ON true`;
  const [distinct] = await sql<{ count: number }[]>`SELECT count(DISTINCT text_id)::int AS count FROM bot_logs`;
  t.equal(texts!.texts, distinct!.count);
  t.equal(texts!.unused, 0);
  t.equal(texts!.wrongDay, 0);
  const indexes = await sql<{ name: string }[]>`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'bot_log_texts' ORDER BY indexname`;
  t.same(
    indexes.map((index) => index.name),
    ['bot_log_texts_digest_idx', 'bot_log_texts_pkey', 'bot_log_texts_trgm_idx'],
    'its indexes built again',
  );
});

t.test('the recorder finds the text of a place the data set logged already kept', async (t) => {
  const [row] = await sql<{ textId: number; city: string; region: string; country: string }[]>`
    SELECT text_id, city, region, country FROM bot_logs
    WHERE message = 'Answered a location with 5 contacts' AND command = 'location' AND city IS NOT NULL
    ORDER BY id LIMIT 1`;
  const [before] = await sql<{ count: number }[]>`SELECT count(*)::int AS count FROM bot_log_texts`;
  await insertBotLogs(sql, [
    aBotLog({ createdAt: now, message: 'Answered a location with 5 contacts', command: 'location', city: row!.city, region: row!.region, country: row!.country, resultCount: 5 }),
  ]);
  const [after] = await sql<{ count: number }[]>`SELECT count(*)::int AS count FROM bot_log_texts`;
  const [written] = await sql<{ textId: number }[]>`SELECT text_id FROM bot_logs ORDER BY id DESC LIMIT 1`;
  t.equal(written!.textId, row!.textId);
  t.equal(after!.count, before!.count);
});
