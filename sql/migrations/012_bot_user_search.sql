-- The Bot Users list searches names, usernames and ids by substring over 100,000+ users, and
-- pages by most recently seen.
ALTER TABLE telegram_users
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    lower(first_name || ' ' || coalesce(last_name, '') || ' ' || coalesce(username, '') || ' ' || telegram_id::text)
  ) STORED;
CREATE INDEX telegram_users_search_trgm_idx ON telegram_users USING gin (search_text gin_trgm_ops);
CREATE INDEX telegram_users_last_seen_idx ON telegram_users (last_seen DESC NULLS LAST, id DESC);
