-- The directory's change counter: every statement that writes medical_contacts bumps it (once per
-- statement, so a bulk edit of 100,000 contacts costs one bump). The API keeps the directory's
-- stats and filter values while the counter stands still, instead of scanning every contact on
-- every page of the list.
CREATE TABLE contact_directory_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL DEFAULT 0
);
INSERT INTO contact_directory_version DEFAULT VALUES;

CREATE FUNCTION bump_contact_directory_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE contact_directory_version SET version = version + 1;
  RETURN NULL;
END;
$$;

CREATE TRIGGER medical_contacts_version
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON medical_contacts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_contact_directory_version();
