-- The Bot Logs screen over millions of rows: its search box looks in the message, command and
-- error text (one trigram index on the same lower-cased expression sql/bot-logs.ts searches), and
-- matches a number exactly against the user and chat ids (user_id is indexed in 003).
CREATE INDEX bot_logs_search_trgm_idx ON bot_logs
  USING gin (lower(message || ' ' || coalesce(command, '') || ' ' || coalesce(error_message, '')) gin_trgm_ops);
CREATE INDEX bot_logs_chat_idx ON bot_logs (chat_id, id);

-- The stat cards of an unsearched list read these per-level counts instead of counting millions
-- of rows: triggers keep them in step with every insert, delete, update and truncate, in
-- the writer's own transaction. Rows are locked in level order, so concurrent inserts cannot deadlock.
CREATE TABLE bot_log_level_counts (
  level text PRIMARY KEY CHECK (level IN ('DEBUG', 'INFO', 'WARN', 'ERROR')),
  count bigint NOT NULL
);
INSERT INTO bot_log_level_counts (level, count)
SELECT levels.level, count(bot_logs.id)
FROM (VALUES ('DEBUG'), ('INFO'), ('WARN'), ('ERROR')) AS levels (level)
LEFT JOIN bot_logs USING (level)
GROUP BY levels.level;

-- A transition table is visible only in its trigger's own function: one function per direction.
CREATE FUNCTION bot_logs_count_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  FOR change IN SELECT level, count(*) AS rows FROM new_rows GROUP BY level ORDER BY level LOOP
    UPDATE bot_log_level_counts SET count = count + change.rows WHERE level = change.level;
  END LOOP;
  RETURN NULL;
END $$;

CREATE FUNCTION bot_logs_count_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  FOR change IN SELECT level, count(*) AS rows FROM old_rows GROUP BY level ORDER BY level LOOP
    UPDATE bot_log_level_counts SET count = count - change.rows WHERE level = change.level;
  END LOOP;
  RETURN NULL;
END $$;

CREATE FUNCTION bot_logs_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bot_log_level_counts SET count = 0;
  RETURN NULL;
END $$;

CREATE TRIGGER bot_logs_count_inserts AFTER INSERT ON bot_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bot_logs_count_added();
CREATE TRIGGER bot_logs_count_deletes AFTER DELETE ON bot_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bot_logs_count_removed();
-- An update (rare: nothing updates logs today) takes the rows out of their old levels' counts and
-- adds them to their new ones. Transition tables cannot go with UPDATE OF level, so every update does.
CREATE TRIGGER bot_logs_count_updates_from AFTER UPDATE ON bot_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bot_logs_count_removed();
CREATE TRIGGER bot_logs_count_updates_to AFTER UPDATE ON bot_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bot_logs_count_added();
CREATE TRIGGER bot_logs_count_truncates AFTER TRUNCATE ON bot_logs
  FOR EACH STATEMENT EXECUTE FUNCTION bot_logs_count_truncated();
