-- The verification queue (docs/specification.md "Verification Queue"). A staff member opening a contact
-- in the queue claims it for a while (a lease, as broadcasts' senders hold theirs, migration 017): a
-- colleague sees who has it, and cannot record a verification of it until it is saved or the lease runs
-- out. One row per contact; a staff member holds one claim at a time (opening the next lets the last go).
-- Times are the app's clock, not the database's: the queue's tests move it.
CREATE TABLE verification_claims (
  contact_id bigint PRIMARY KEY REFERENCES medical_contacts (id) ON DELETE CASCADE,
  claimed_by bigint NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  claimed_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX verification_claims_holder_idx ON verification_claims (claimed_by);

-- The verification that resolved a report from the queue: what was done about it, not only that it was.
ALTER TABLE contact_reports ADD COLUMN verification_id bigint REFERENCES contact_verifications (id) ON DELETE SET NULL;
