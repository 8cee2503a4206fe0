-- Which contacts each version of the directory (migration 005's counter) changed, written by the
-- database itself so that every writer is covered: the API, an import, a bulk edit, SQL by hand. The
-- bot's contact lookup (bot/answering/contact-lookup.ts) reads the versions after its own and reloads
-- just those contacts (sql/contact-directory.ts, directoryChangesSince) instead of the whole directory.
--
-- Version order is commit order: a writer bumps the counter's one row, whose lock it holds until it
-- commits, so a second writer waits there and numbers its statement only once the first has committed
-- (or rolled back, freeing its number). Whoever sees version V committed therefore sees every change
-- up to V, and the log has a row for every version since this migration: a gap means trimmed.
CREATE TABLE contact_directory_changes (
  version bigint PRIMARY KEY,
  -- The contacts the statement wrote (findable now or not); NULL when everything must be read again:
  -- a TRUNCATE, or a change to the specialties' taxonomy, which the lookup keeps with the contacts.
  contact_ids bigint[],
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_directory_changes_changed_at_idx ON contact_directory_changes (changed_at);

-- One version: bumped, logged, and announced to the instances listening (the payload is the version;
-- PostgreSQL delivers it at commit, and not at all on rollback).
CREATE FUNCTION record_contact_directory_change(ids bigint[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  UPDATE contact_directory_version SET version = version + 1 RETURNING version INTO bumped;
  INSERT INTO contact_directory_changes (version, contact_ids) VALUES (bumped, ids);
  PERFORM pg_notify('contact_directory', bumped::text);
END;
$$;

-- Migration 048's specialties trigger and the TRUNCATE below: everything is read again.
CREATE OR REPLACE FUNCTION bump_contact_directory_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_contact_directory_change(NULL);
  RETURN NULL;
END;
$$;

-- The rows a statement wrote, as its transition table: one trigger call per statement, so a bulk edit
-- of 100,000 contacts is one version with 100,000 ids.
CREATE FUNCTION log_contact_directory_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_contact_directory_change(ARRAY(SELECT id FROM written));
  RETURN NULL;
END;
$$;

DROP TRIGGER medical_contacts_version ON medical_contacts;
CREATE TRIGGER medical_contacts_inserted AFTER INSERT ON medical_contacts
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION log_contact_directory_change();
-- A contact's id never changes (GENERATED ALWAYS): the new rows name every contact updated.
CREATE TRIGGER medical_contacts_updated AFTER UPDATE ON medical_contacts
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION log_contact_directory_change();
CREATE TRIGGER medical_contacts_deleted AFTER DELETE ON medical_contacts
  REFERENCING OLD TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION log_contact_directory_change();
CREATE TRIGGER medical_contacts_truncated AFTER TRUNCATE ON medical_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_contact_directory_version();

-- Who checked a contact last (checkedBySql in sql/contact-directory.ts) reads its verifications: one
-- written, even by hand without the contact's own row, is a change of that contact.
CREATE FUNCTION log_contact_verification_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM record_contact_directory_change(ARRAY(SELECT DISTINCT contact_id FROM written));
  RETURN NULL;
END;
$$;
CREATE TRIGGER contact_verifications_inserted AFTER INSERT ON contact_verifications
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION log_contact_verification_change();
CREATE TRIGGER contact_verifications_updated AFTER UPDATE ON contact_verifications
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION log_contact_verification_change();
CREATE TRIGGER contact_verifications_deleted AFTER DELETE ON contact_verifications
  REFERENCING OLD TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION log_contact_verification_change();
CREATE TRIGGER contact_verifications_truncated AFTER TRUNCATE ON contact_verifications
  FOR EACH STATEMENT EXECUTE FUNCTION bump_contact_directory_version();
