-- Problems bot users report about a contact shown in an answer. One report per user, contact
-- and day (the day in the configured time zone): a second press the same day is refused, a redelivered
-- update cannot store one twice. An open report makes the contact due for re-verification (no flag:
-- resolving its last open report is what clears it).
CREATE TABLE contact_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  contact_id bigint NOT NULL REFERENCES medical_contacts (id) ON DELETE CASCADE,
  telegram_id bigint NOT NULL,
  problem text NOT NULL CHECK (problem IN ('wrong_number', 'closed_or_moved', 'no_answer', 'other')),
  comment text CHECK (char_length(comment) <= 1000),
  -- The bot's prompt for a comment ("other"): the user's reply to it is the comment.
  prompt_chat_id bigint,
  prompt_message_id bigint,
  reported_on date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'fixed', 'not_a_problem')),
  resolved_by bigint REFERENCES admin_users (id) ON DELETE SET NULL,
  resolved_at timestamptz,
  UNIQUE (contact_id, telegram_id, reported_on)
);

CREATE INDEX contact_reports_open_idx ON contact_reports (contact_id) WHERE status = 'open';
CREATE INDEX contact_reports_contact_idx ON contact_reports (contact_id, created_at DESC);

-- Bumped by every statement that writes contact_reports: the console's cached counts of the contact list
-- ("Reported", "due for re-verification") are computed again only when it changed. Apart from the
-- directory's version (migration 005), so that a report does not make the bot reload its contacts.
CREATE TABLE contact_reports_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO contact_reports_version DEFAULT VALUES;

CREATE FUNCTION bump_contact_reports_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contact_reports_version SET version = version + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER contact_reports_version_bump AFTER INSERT OR UPDATE OR DELETE ON contact_reports
  FOR EACH STATEMENT EXECUTE FUNCTION bump_contact_reports_version();
