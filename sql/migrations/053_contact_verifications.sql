-- Each verification of a contact is a row of its own: when, by whom (a staff member, or the contact
-- through the bot), how, what it found and what it changed. sql/contact-verifications.ts writes a row and
-- the contact's last_* columns in one transaction; `verified`, `verified_at` and `verified_by` stay
-- stored, kept in step by the same statements: `verified` says the last verification stands (confirmed
-- or corrected, not unticked since), `verified_at` and `verified_by` are of the last one that confirmed
-- the details. Whether a contact is verified today (not overdue) is counted from them with the cycle
-- of system_settings.
CREATE TABLE contact_verifications (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  contact_id bigint NOT NULL REFERENCES medical_contacts (id) ON DELETE CASCADE,
  verified_at timestamptz NOT NULL,
  verified_by bigint REFERENCES admin_users (id) ON DELETE SET NULL,
  -- The contact themselves, through the bot (method self_confirmed).
  verified_by_telegram_id bigint,
  method text NOT NULL CHECK (method IN ('phone_call', 'in_person', 'website', 'self_confirmed', 'import', 'report_review')),
  outcome text NOT NULL CHECK (outcome IN ('confirmed', 'corrected', 'unreachable', 'closed')),
  -- [{"field": "phone", "before": "+49301234567", "after": "+49301234568"}], the fields as the API names them.
  changes jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(changes) = 'array'),
  note text CHECK (char_length(note) <= 2000)
);
CREATE INDEX contact_verifications_contact_idx ON contact_verifications (contact_id, verified_at DESC);

ALTER TABLE medical_contacts
  ADD COLUMN last_verified_at timestamptz,
  ADD COLUMN last_verification_outcome text CHECK (last_verification_outcome IN ('confirmed', 'corrected', 'unreachable', 'closed')),
  ADD COLUMN last_verification_method text
    CHECK (last_verification_method IN ('phone_call', 'in_person', 'website', 'self_confirmed', 'import', 'report_review'));

-- A verification without a date was stamped before dates were kept: it is dated to the contact's
-- creation, the earliest it can have been, so it falls due first rather than counting as recent.
UPDATE medical_contacts SET verified_at = created_at WHERE verified AND verified_at IS NULL;

-- Each contact verified today gets its one verification as history. How it was verified was never
-- recorded: 'import' says "brought in from before the history", not a method anyone used.
INSERT INTO contact_verifications (contact_id, verified_at, verified_by, method, outcome)
SELECT id, verified_at, verified_by, 'import', 'confirmed' FROM medical_contacts WHERE verified ORDER BY id;
UPDATE medical_contacts SET last_verified_at = verified_at, last_verification_outcome = 'confirmed', last_verification_method = 'import'
WHERE verified;

-- The cycle (System Settings): a contact's verification is overdue after reverify_after_days; one not
-- verified for hide_unverified_after_days (null: never) is left out of the bot's answers.
ALTER TABLE system_settings
  ADD COLUMN reverify_after_days integer NOT NULL DEFAULT 90 CHECK (reverify_after_days BETWEEN 7 AND 730),
  ADD COLUMN hide_unverified_after_days integer
    CHECK (hide_unverified_after_days IS NULL OR hide_unverified_after_days > reverify_after_days AND hide_unverified_after_days <= 3650);
