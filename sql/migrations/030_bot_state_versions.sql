-- What the bot keeps in memory to answer a location with one round trip: the settings, the access
-- lists, the templates and the gazetteer are read once per version, and every update's one statement (its claim)
-- compares the versions it decided with against these counters. Any writer bumps them, the console and SQL by
-- hand alike, so a change takes effect on the next update, on every instance sharing the database.
CREATE TABLE bot_state_versions (
  area text PRIMARY KEY CHECK (area IN ('settings', 'access', 'templates', 'places')),
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO bot_state_versions (area) VALUES ('settings'), ('access'), ('templates'), ('places');

-- Once per statement, as the contact directory's counter (migration 005): a bulk edit costs one bump.
CREATE FUNCTION bump_bot_state_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE bot_state_versions SET version = version + 1 WHERE area = TG_ARGV[0];
  RETURN NULL;
END;
$$;

CREATE TRIGGER system_settings_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON system_settings
  FOR EACH STATEMENT EXECUTE FUNCTION bump_bot_state_version('settings');
CREATE TRIGGER authorized_groups_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON authorized_groups
  FOR EACH STATEMENT EXECUTE FUNCTION bump_bot_state_version('access');
CREATE TRIGGER admin_whitelist_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON admin_whitelist
  FOR EACH STATEMENT EXECUTE FUNCTION bump_bot_state_version('access');
CREATE TRIGGER message_templates_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON message_templates
  FOR EACH STATEMENT EXECUTE FUNCTION bump_bot_state_version('templates');
CREATE TRIGGER cities_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON cities
  FOR EACH STATEMENT EXECUTE FUNCTION bump_bot_state_version('places');

-- A user's own part of access (blocked by staff, their stored memberships) has its counter on their row: a
-- membership written for one user must not make every instance forget every other user.
ALTER TABLE telegram_users ADD COLUMN access_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION bump_user_access_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.access_version := OLD.access_version + 1;
  RETURN NEW;
END;
$$;
CREATE TRIGGER telegram_users_blocked_version BEFORE UPDATE OF is_blocked ON telegram_users
  FOR EACH ROW WHEN (OLD.is_blocked IS DISTINCT FROM NEW.is_blocked) EXECUTE FUNCTION bump_user_access_version();

-- A membership that comes or goes, or whose standing changes, moves the user's counter; a check that only
-- confirms what was stored (last_verified) does not, or a user whom Telegram will not answer about for some
-- group would be asked again, and their answer decided again, on every message.
CREATE FUNCTION bump_members_access_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE telegram_users SET access_version = access_version + 1
  WHERE telegram_id IN (SELECT telegram_id FROM changed_rows);
  RETURN NULL;
END;
$$;
CREATE FUNCTION bump_changed_members_access_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE telegram_users SET access_version = access_version + 1
  WHERE telegram_id IN (
    SELECT after.telegram_id FROM rows_after after JOIN rows_before before USING (id)
    WHERE (after.group_id, after.is_active) IS DISTINCT FROM (before.group_id, before.is_active));
  RETURN NULL;
END;
$$;
CREATE TRIGGER user_memberships_inserted_version AFTER INSERT ON user_memberships
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_members_access_version();
CREATE TRIGGER user_memberships_updated_version AFTER UPDATE ON user_memberships
  REFERENCING OLD TABLE AS rows_before NEW TABLE AS rows_after FOR EACH STATEMENT EXECUTE FUNCTION bump_changed_members_access_version();
CREATE TRIGGER user_memberships_deleted_version AFTER DELETE ON user_memberships
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION bump_members_access_version();
-- Emptying the table leaves no rows to name: every user's memberships are forgotten with the access lists.
CREATE TRIGGER user_memberships_truncated_version AFTER TRUNCATE ON user_memberships
  FOR EACH STATEMENT EXECUTE FUNCTION bump_bot_state_version('access');
