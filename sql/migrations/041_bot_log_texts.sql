-- The log search's trigram index (008) held every trigram of every log row: inserting a row cost more in it
-- than in the row and its other indexes together. The texts repeat (a few kinds of message per place and
-- error), so the trigrams are now kept once per distinct text, in bot_log_texts, and each log row points at
-- its text: a search reads the matching texts by trigram, then their rows by text_id.
-- The same search as before: lower(message || ' ' || command || ' ' || error_message) LIKE the pattern.

CREATE FUNCTION bot_log_search_text(message text, command text, error_message text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(message || ' ' || coalesce(command, '') || ' ' || coalesce(error_message, '')) $$;

-- A uuid: 16 bytes in the unique index however long the text (an error's text can outgrow a btree entry).
CREATE FUNCTION bot_log_text_digest(search_text text) RETURNS uuid
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT md5(search_text)::uuid $$;

CREATE TABLE bot_log_texts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  search_text text NOT NULL,
  -- The UTC day of the newest row with this text: retention forgets texts whose rows are all gone.
  last_logged_on date NOT NULL
-- Room on each page for that daily update, so it stays a heap-only update with no new index entries.
) WITH (fillfactor = 70);
CREATE UNIQUE INDEX bot_log_texts_digest_idx ON bot_log_texts (bot_log_text_digest(search_text));
CREATE INDEX bot_log_texts_trgm_idx ON bot_log_texts USING gin (search_text gin_trgm_ops);

/*
 * The ids of the texts of log rows given column by column (the message, command and error of each, and the
 * day it was logged), in the same order: texts not kept yet are added, a kept text logged on a later day
 * moves its day on. Two statements, each with its own snapshot: the second sees the texts another writer
 * added while the first waited for it.
 */
CREATE FUNCTION bot_log_text_ids(messages text[], commands text[], error_messages text[], logged_on date[]) RETURNS bigint[]
LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  INSERT INTO bot_log_texts AS kept (search_text, last_logged_on)
  SELECT min(search_text), max(day) FROM (
    SELECT bot_log_search_text(message, command, error_message) AS search_text, day
    FROM unnest(messages, commands, error_messages, logged_on) AS given(message, command, error_message, day)
  ) texts
  GROUP BY bot_log_text_digest(search_text)
  -- Every writer takes the texts' row locks in one order, so two batches sharing texts wait, never deadlock.
  ORDER BY bot_log_text_digest(search_text)
  ON CONFLICT (bot_log_text_digest(search_text)) DO UPDATE SET last_logged_on = excluded.last_logged_on
    WHERE kept.last_logged_on < excluded.last_logged_on;
  -- A left join: were a text missing, its row would fail as NOT NULL rather than take another row's id.
  SELECT array_agg(kept.id ORDER BY given.n) INTO ids
  FROM unnest(messages, commands, error_messages) WITH ORDINALITY AS given(message, command, error_message, n)
    LEFT JOIN bot_log_texts kept ON bot_log_text_digest(kept.search_text) = bot_log_text_digest(bot_log_search_text(given.message, given.command, given.error_message));
  RETURN ids;
END $$;

-- The bot's recorder gives each row its text_id; a row written any other way (by hand, a seed) gets it here.
CREATE FUNCTION bot_logs_set_text_id() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.text_id := (bot_log_text_ids(ARRAY[NEW.message], ARRAY[NEW.command], ARRAY[NEW.error_message], ARRAY[(NEW.created_at AT TIME ZONE 'UTC')::date]))[1];
  RETURN NEW;
END $$;

INSERT INTO bot_log_texts (search_text, last_logged_on)
SELECT min(search_text), max(logged_on) FROM (
  SELECT bot_log_search_text(message, command, error_message) AS search_text, (created_at AT TIME ZONE 'UTC')::date AS logged_on
  FROM bot_logs
) texts
GROUP BY bot_log_text_digest(search_text);

ALTER TABLE bot_logs ADD COLUMN text_id bigint;
-- Changing the rows fires the per-level count triggers of 008 for the old and the new rows alike: no count changes.
UPDATE bot_logs l SET text_id = t.id
FROM bot_log_texts t
WHERE bot_log_text_digest(t.search_text) = bot_log_text_digest(bot_log_search_text(l.message, l.command, l.error_message));
ALTER TABLE bot_logs ALTER COLUMN text_id SET NOT NULL;

CREATE TRIGGER bot_logs_text_id_on_insert BEFORE INSERT ON bot_logs
  FOR EACH ROW WHEN (NEW.text_id IS NULL) EXECUTE FUNCTION bot_logs_set_text_id();
CREATE TRIGGER bot_logs_text_id_on_update BEFORE UPDATE OF message, command, error_message ON bot_logs
  FOR EACH ROW EXECUTE FUNCTION bot_logs_set_text_id();

DROP INDEX bot_logs_search_trgm_idx;
CREATE INDEX bot_logs_text_idx ON bot_logs (text_id);
