-- The Bot Logs screen over millions of rows: its search box looks in the message, command and
-- error text (one trigram index on the same lower-cased expression sql/bot-logs.ts searches), and
-- matches a number exactly against the user and chat ids (user_id is indexed in 003).
CREATE INDEX bot_logs_search_trgm_idx ON bot_logs
  USING gin (lower(message || ' ' || coalesce(command, '') || ' ' || coalesce(error_message, '')) gin_trgm_ops);
CREATE INDEX bot_logs_chat_idx ON bot_logs (chat_id, id);
