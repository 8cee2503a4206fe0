-- The contacts directory at scale: search, duplicate detection and CSV imports that can be undone.

-- Digits only: "+44 20 7946 0000" and "0044-20-79460000" are recognised as one number.
ALTER TABLE medical_contacts
  ADD COLUMN phone_normalized text GENERATED ALWAYS AS (regexp_replace(phone, '[^0-9]', '', 'g')) STORED;
-- Everything the directory's search box looks in, lower-cased, for one trigram index.
ALTER TABLE medical_contacts
  ADD COLUMN search_text text GENERATED ALWAYS AS (
    lower(name || ' ' || phone || ' ' || city || ' ' || region || ' ' || country || ' ' || specialty)
  ) STORED;

CREATE INDEX medical_contacts_search_trgm_idx ON medical_contacts USING gin (search_text gin_trgm_ops);
CREATE INDEX medical_contacts_phone_normalized_idx ON medical_contacts (phone_normalized);
CREATE INDEX medical_contacts_name_city_idx ON medical_contacts (lower(name), lower(city));
CREATE INDEX medical_contacts_name_idx ON medical_contacts (lower(name), id);
CREATE INDEX medical_contacts_country_region_idx ON medical_contacts (country, region);
CREATE INDEX medical_contacts_specialty_idx ON medical_contacts (specialty);
CREATE INDEX medical_contacts_verified_at_idx ON medical_contacts (verified_at) WHERE verified;

-- A CSV import, committed in one transaction; undoing it deletes the contacts it added.
CREATE TABLE contact_imports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  file_name text,
  created_by bigint REFERENCES admin_users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'completed', 'failed', 'undone')),
  total_rows integer NOT NULL DEFAULT 0,
  processed_rows integer NOT NULL DEFAULT 0,
  imported_rows integer NOT NULL DEFAULT 0,
  skipped_rows integer NOT NULL DEFAULT 0,
  error_message text,
  finished_at timestamptz,
  undone_at timestamptz,
  undone_by bigint REFERENCES admin_users (id) ON DELETE SET NULL
);

ALTER TABLE medical_contacts ADD COLUMN import_id bigint REFERENCES contact_imports (id) ON DELETE SET NULL;
CREATE INDEX medical_contacts_import_idx ON medical_contacts (import_id) WHERE import_id IS NOT NULL;
