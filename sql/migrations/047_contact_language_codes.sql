-- The languages a contact speaks are ISO 639-1 codes ("de"), as api/contract/spoken-languages.ts reads any
-- name to. As migration 046 does with countries, every name written so far is set aside in
-- languages_unrecognised, and recogniseContactLanguages (sql/contact-codes.ts, run by sql/migrate.ts
-- after this file) turns those the directory knows into codes; the rest stay listed for staff.
ALTER TABLE medical_contacts ADD COLUMN languages_unrecognised text[] NOT NULL DEFAULT '{}';
UPDATE medical_contacts SET languages_unrecognised = languages, languages = '{}' WHERE languages <> '{}';
ALTER TABLE medical_contacts ALTER COLUMN languages SET DEFAULT '{en}';
ALTER TABLE medical_contacts ADD CONSTRAINT medical_contacts_language_codes
  CHECK (array_to_string(languages, ',') ~ '^([a-z]{2}(,[a-z]{2})*)?$');
CREATE INDEX medical_contacts_languages_idx ON medical_contacts USING gin (languages);
CREATE INDEX medical_contacts_languages_unrecognised_idx ON medical_contacts (id) WHERE languages_unrecognised <> '{}';
