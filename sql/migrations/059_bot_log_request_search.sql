-- The Bot Logs search also finds a request by what the user typed (metadata.query: "Москва", "München") and by
-- the place it resolved to: the row's city, region and country, or, for a typed name the bot asked about, the
-- English label of the place it offered first (metadata.place). So "Moscow" finds the requests typed as Москва.
-- They join the row's search text (migration 041), so the one trigram index serves them: a row without either
-- keeps the text it had, and the texts still repeat (a few kinds of message per place and typed name).

-- The typed text and the place of a row, or NULL; sql/bot-logs.ts builds the same for the rows the bot writes.
CREATE FUNCTION bot_log_request_text(metadata jsonb, city text, region text, country text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT nullif(concat_ws(' ',
    CASE WHEN jsonb_typeof(metadata->'query') = 'string' THEN nullif(metadata->>'query', '') END,
    CASE WHEN jsonb_typeof(metadata->'place') = 'string' THEN nullif(metadata->>'place', '') END,
    nullif(city, ''), nullif(region, ''), nullif(country, '')), '') $$;

CREATE FUNCTION bot_log_search_text(message text, command text, error_message text, request text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT bot_log_search_text(message, command, error_message) || coalesce(' ' || lower(request), '') $$;

-- As in 041, with each row's request text.
DROP FUNCTION bot_log_text_ids(text[], text[], text[], date[]);
CREATE FUNCTION bot_log_text_ids(messages text[], commands text[], error_messages text[], requests text[], logged_on date[]) RETURNS bigint[]
LANGUAGE plpgsql AS $$
DECLARE
  ids bigint[];
BEGIN
  INSERT INTO bot_log_texts AS kept (search_text, last_logged_on)
  SELECT min(search_text), max(day) FROM (
    SELECT bot_log_search_text(message, command, error_message, request) AS search_text, day
    FROM unnest(messages, commands, error_messages, requests, logged_on) AS given(message, command, error_message, request, day)
  ) texts
  GROUP BY bot_log_text_digest(search_text)
  ORDER BY bot_log_text_digest(search_text)
  ON CONFLICT (bot_log_text_digest(search_text)) DO UPDATE SET last_logged_on = excluded.last_logged_on
    WHERE kept.last_logged_on < excluded.last_logged_on;
  SELECT array_agg(kept.id ORDER BY given.n) INTO ids
  FROM unnest(messages, commands, error_messages, requests) WITH ORDINALITY AS given(message, command, error_message, request, n)
    LEFT JOIN bot_log_texts kept
      ON bot_log_text_digest(kept.search_text) = bot_log_text_digest(bot_log_search_text(given.message, given.command, given.error_message, given.request));
  RETURN ids;
END $$;

CREATE OR REPLACE FUNCTION bot_logs_set_text_id() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.text_id := (bot_log_text_ids(ARRAY[NEW.message], ARRAY[NEW.command], ARRAY[NEW.error_message],
    ARRAY[bot_log_request_text(NEW.metadata, NEW.city, NEW.region, NEW.country)], ARRAY[(NEW.created_at AT TIME ZONE 'UTC')::date]))[1];
  RETURN NEW;
END $$;

-- Kept rows with a typed text or a place take their new text; the rest keep theirs.
INSERT INTO bot_log_texts AS kept (search_text, last_logged_on)
SELECT min(search_text), max(logged_on) FROM (
  SELECT bot_log_search_text(message, command, error_message, bot_log_request_text(metadata, city, region, country)) AS search_text,
    (created_at AT TIME ZONE 'UTC')::date AS logged_on
  FROM bot_logs
  WHERE bot_log_request_text(metadata, city, region, country) IS NOT NULL
) texts
GROUP BY bot_log_text_digest(search_text)
ON CONFLICT (bot_log_text_digest(search_text)) DO UPDATE SET last_logged_on = greatest(kept.last_logged_on, excluded.last_logged_on);

-- Changing the rows fires the per-level count triggers of 008 for the old and the new rows alike: no count changes.
UPDATE bot_logs l SET text_id = t.id
FROM bot_log_texts t
WHERE bot_log_request_text(l.metadata, l.city, l.region, l.country) IS NOT NULL
  AND bot_log_text_digest(t.search_text)
    = bot_log_text_digest(bot_log_search_text(l.message, l.command, l.error_message, bot_log_request_text(l.metadata, l.city, l.region, l.country)));

DROP TRIGGER bot_logs_text_id_on_update ON bot_logs;
CREATE TRIGGER bot_logs_text_id_on_update BEFORE UPDATE OF message, command, error_message, metadata, city, region, country ON bot_logs
  FOR EACH ROW EXECUTE FUNCTION bot_logs_set_text_id();
