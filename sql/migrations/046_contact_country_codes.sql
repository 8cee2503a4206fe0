-- A contact's country is its ISO 3166-1 alpha-2 code ("DE"), as api/contract/country-lookup.ts reads any name to.
-- Every country written so far is set aside in country_unrecognised here; in the same transaction,
-- recogniseContactCountries (sql/contact-codes.ts, run by sql/migrate.ts after this file) gives each
-- name the directory knows its code back. What it does not know stays set aside, never guessed: the
-- console lists those contacts for staff to choose their country.
ALTER TABLE medical_contacts ADD COLUMN country_unrecognised text;
UPDATE medical_contacts SET country_unrecognised = country, country = '' WHERE country <> '';
ALTER TABLE medical_contacts ADD CONSTRAINT medical_contacts_country_code CHECK (country ~ '^([A-Z]{2})?$');
CREATE INDEX medical_contacts_country_unrecognised_idx ON medical_contacts (country_unrecognised) WHERE country_unrecognised IS NOT NULL;
