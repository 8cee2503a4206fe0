-- bot_log_text_ids (041, 059) found the ids of a batch's texts by a hash join over every kept text, computing
-- each one's digest again, and went through ON CONFLICT DO UPDATE for texts it already kept, which locks each
-- such text (a write to its page and a WAL record) even when its day does not move. Since 059 the place is part
-- of the text, so bot_log_texts grows with the places and typed words logged (24,271 in the log ingest
-- benchmark) and a batch's texts are mostly kept ones: the lookup grew with the table.
-- Now one statement computes each given text's digest once, looks it up by the digest index (one probe per
-- given text, whatever the table's size), and writes only the texts not kept yet or kept with an older day.
-- Its own snapshot may miss a text another writer added meanwhile: the insert then meets it as a conflict, and
-- the update (unconditional, so RETURNING gives its id) leaves its day at the later of the two.
CREATE OR REPLACE FUNCTION bot_log_text_ids(messages text[], commands text[], error_messages text[], requests text[], logged_on date[]) RETURNS bigint[]
LANGUAGE sql AS $$
  WITH given AS MATERIALIZED (
    SELECT n, search_text, bot_log_text_digest(search_text) AS digest, day
    FROM (
      SELECT n, bot_log_search_text(message, command, error_message, request) AS search_text, day
      FROM unnest(messages, commands, error_messages, requests, logged_on) WITH ORDINALITY AS given(message, command, error_message, request, day, n)
    ) texts
  ), found AS MATERIALIZED (
    SELECT given.n, given.search_text, given.digest, given.day, kept.id, kept.last_logged_on
    FROM given LEFT JOIN LATERAL (
      -- LIMIT 1 keeps it a probe of the digest index per given text, never a join over the whole table.
      SELECT kept.id, kept.last_logged_on FROM bot_log_texts kept WHERE bot_log_text_digest(kept.search_text) = given.digest LIMIT 1
    ) kept ON true
  ), added AS (
    INSERT INTO bot_log_texts AS kept (search_text, last_logged_on)
    SELECT min(search_text), max(day) FROM found
    WHERE id IS NULL OR last_logged_on < day
    GROUP BY digest
    -- Every writer takes the texts' row locks in one order, so two batches sharing texts wait, never deadlock.
    ORDER BY digest
    ON CONFLICT (bot_log_text_digest(search_text)) DO UPDATE SET last_logged_on = greatest(kept.last_logged_on, excluded.last_logged_on)
    RETURNING kept.id, bot_log_text_digest(kept.search_text) AS digest
  )
  SELECT array_agg(coalesce(added.id, found.id) ORDER BY found.n)
  FROM found LEFT JOIN added ON added.digest = found.digest
$$;
