-- Counting a template's uses is not a change of the template. The bot's recorder adds the uses of
-- every flush to usage_count, and that statement bumped the templates' version: each flush made every update
-- in flight find its templates out of date at its claim, forget what it had read, read its user again and run
-- once more, so under load most of the bot's time went to answering the same updates twice.
-- Inserts, deletes and emptying the table still bump the version once per statement; an update bumps it unless
-- the only thing it changed is usage_count (any column added later counts as a change, as it should).
DROP TRIGGER message_templates_version ON message_templates;
CREATE TRIGGER message_templates_version AFTER INSERT OR DELETE OR TRUNCATE ON message_templates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_bot_state_version('templates');

CREATE FUNCTION bump_changed_templates_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT FROM rows_after after JOIN rows_before before USING (id)
    WHERE to_jsonb(after) - 'usage_count' IS DISTINCT FROM to_jsonb(before) - 'usage_count'
  ) THEN
    UPDATE bot_state_versions SET version = version + 1 WHERE area = 'templates';
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER message_templates_updated_version AFTER UPDATE ON message_templates
  REFERENCING OLD TABLE AS rows_before NEW TABLE AS rows_after
  FOR EACH STATEMENT EXECUTE FUNCTION bump_changed_templates_version();
