-- The bot speaks its users' languages. Codes are those of api/contract/languages.ts.

-- The default language answers users whose own the bot does not offer; the bot offers bot_languages.
ALTER TABLE system_settings
  ADD COLUMN default_language text NOT NULL DEFAULT 'en',
  ADD COLUMN bot_languages text[] NOT NULL DEFAULT '{en,uk,pl,de,fr,es,it,pt}',
  ADD CONSTRAINT system_settings_default_language_offered CHECK (default_language = ANY (bot_languages));

-- Set by /language and kept until changed; null: the user follows Telegram's language_code.
ALTER TABLE telegram_users ADD COLUMN chosen_language text;

-- A template is written in one language; one active template per type and language.
ALTER TABLE message_templates ADD COLUMN language text NOT NULL DEFAULT 'en';
UPDATE message_templates SET is_active = false
WHERE is_active AND id NOT IN (
  SELECT DISTINCT ON (type) id FROM message_templates WHERE is_active ORDER BY type, updated_at DESC, id DESC);
DROP INDEX message_templates_active_type_idx;
CREATE UNIQUE INDEX message_templates_one_active_idx ON message_templates (type, language) WHERE is_active;
CREATE INDEX message_templates_language_idx ON message_templates (language, type);

-- A broadcast's text per language besides its content (the default language's); each recipient's
-- language is kept with them when the broadcast is created, so resuming sends the same text.
ALTER TABLE broadcasts ADD COLUMN translations jsonb NOT NULL DEFAULT '{}';
ALTER TABLE broadcast_recipients ADD COLUMN language text;

-- The language a log's user was answered in; null for logs without a user (and those from before).
ALTER TABLE bot_logs ADD COLUMN language text;

-- A user's language is read from memory like their access: a change of it (by /language on any instance,
-- or by SQL by hand) moves their counter, so the next update reads it again.
CREATE TRIGGER telegram_users_language_version BEFORE UPDATE OF chosen_language, language_code ON telegram_users
  FOR EACH ROW WHEN ((OLD.chosen_language, OLD.language_code) IS DISTINCT FROM (NEW.chosen_language, NEW.language_code))
  EXECUTE FUNCTION bump_user_access_version();

-- The language a bot user is answered in, as resolveUserLanguage (api/contract/languages.ts) decides it:
-- the chosen one, else Telegram's without its region, when the bot offers it; else the default.
CREATE FUNCTION bot_user_language(chosen text, telegram_code text, default_language text, offered text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE
    WHEN chosen = ANY (offered) THEN chosen
    WHEN lower(split_part(telegram_code, '-', 1)) = ANY (offered) THEN lower(split_part(telegram_code, '-', 1))
    ELSE default_language
  END;
