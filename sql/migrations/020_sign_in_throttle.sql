-- Sign-in throttling per account and per source (README "Security"), replacing the account-wide lock that
-- anyone could set off from anywhere, locking the owner out. Failed attempts are counted per account (or,
-- for a name that is no account, per that name, so both are answered alike) and client address; a lock
-- holds that address only.
CREATE TABLE sign_in_failures (
  -- 'user:<id>', or 'name:<the identifier, lower-cased>' when no account has it.
  account text NOT NULL,
  -- The client address.
  source text NOT NULL,
  failed_at timestamptz NOT NULL
);
CREATE INDEX sign_in_failures_account_idx ON sign_in_failures (account, failed_at);
CREATE INDEX sign_in_failures_failed_at_idx ON sign_in_failures (failed_at);

CREATE TABLE sign_in_locks (
  account text NOT NULL,
  source text NOT NULL,
  -- How many times this source was locked out of this account since its last success: each lock lasts twice as long.
  lockouts integer NOT NULL,
  locked_at timestamptz NOT NULL,
  locked_until timestamptz NOT NULL,
  PRIMARY KEY (account, source)
);
CREATE INDEX sign_in_locks_locked_until_idx ON sign_in_locks (locked_until);

ALTER TABLE admin_users
  DROP COLUMN failed_login_count,
  DROP COLUMN first_failed_login_at,
  DROP COLUMN lockout_count,
  DROP COLUMN locked_until;
