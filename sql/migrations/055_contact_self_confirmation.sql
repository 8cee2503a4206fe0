-- Contacts confirm their own listing through the bot (docs/bot.md "Contacts confirm their own listing").
-- Staff create a one-time link for a contact; the Telegram account that opens it is linked to the
-- contact, answers "Is this still right?", and is asked again every cycle until it stops the reminders.

-- A confirmation link: only the SHA-256 of its token is kept. A contact has at most one live link;
-- creating a new one ends the old (ended_at), opening it uses it (used_at).
CREATE TABLE confirmation_links (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  contact_id bigint NOT NULL REFERENCES medical_contacts (id) ON DELETE CASCADE,
  token_hash bytea NOT NULL UNIQUE CHECK (octet_length(token_hash) = 32),
  created_by bigint REFERENCES admin_users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  used_by_telegram_id bigint,
  ended_at timestamptz
);
CREATE UNIQUE INDEX confirmation_links_live_idx ON confirmation_links (contact_id) WHERE used_at IS NULL AND ended_at IS NULL;

-- A Telegram account linked to a contact by opening its link. The bot asks it to confirm the listing
-- every reverify_after_days (at most once a day); /stop_reminders sets reminders_stopped_at; staff
-- remove the link by deleting the row.
CREATE TABLE contact_linked_accounts (
  contact_id bigint NOT NULL REFERENCES medical_contacts (id) ON DELETE CASCADE,
  telegram_id bigint NOT NULL,
  linked_at timestamptz NOT NULL,
  last_reminded_at timestamptz,
  reminders_stopped_at timestamptz,
  PRIMARY KEY (contact_id, telegram_id)
);
CREATE INDEX contact_linked_accounts_telegram_idx ON contact_linked_accounts (telegram_id);

-- What a linked account said changed, as its own words per field, for staff to accept or reject field
-- by field: never applied unseen. `fields` is [{"field": "phone", "text": "+49 30 1234568"}, ...],
-- field one of phone, address, hours, specialty, languages, closed.
CREATE TABLE proposed_corrections (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  contact_id bigint NOT NULL REFERENCES medical_contacts (id) ON DELETE CASCADE,
  telegram_id bigint NOT NULL,
  proposed_at timestamptz NOT NULL,
  fields jsonb NOT NULL CHECK (jsonb_typeof(fields) = 'array'),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'partly_accepted', 'rejected')),
  resolved_by bigint REFERENCES admin_users (id) ON DELETE SET NULL,
  resolved_at timestamptz,
  -- The verification that accepted some of it (outcome corrected).
  verification_id bigint REFERENCES contact_verifications (id) ON DELETE SET NULL
);
CREATE INDEX proposed_corrections_pending_idx ON proposed_corrections (contact_id) WHERE status = 'pending';
