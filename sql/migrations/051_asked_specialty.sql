-- The specialty a user asked for without a place (/find dentist, or "dentist"), and when: a location they
-- send within a few minutes is answered with it (docs/bot.md, "A specialty, then a location"). Written by the
-- claim of the answer that asks where to look, so it costs no statement of its own; null when none was asked.
ALTER TABLE telegram_users ADD COLUMN asked_specialty text, ADD COLUMN asked_specialty_at timestamptz;

-- Read from memory with the user's access, on any instance: a new ask moves their counter, so every
-- instance reads the user again before it answers their next location.
CREATE TRIGGER telegram_users_asked_specialty_version BEFORE UPDATE OF asked_specialty, asked_specialty_at ON telegram_users
  FOR EACH ROW WHEN ((OLD.asked_specialty, OLD.asked_specialty_at) IS DISTINCT FROM (NEW.asked_specialty, NEW.asked_specialty_at))
  EXECUTE FUNCTION bump_user_access_version();
