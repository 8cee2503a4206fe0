-- Staff accounts, their sessions and the audit trail of what they change.

CREATE TABLE app_secrets (
  name text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE admin_users (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username text NOT NULL,
  email text,
  password_hash text NOT NULL,
  first_name text,
  role text NOT NULL DEFAULT 'viewer' CHECK (role IN ('viewer', 'editor', 'admin', 'super_admin')),
  department text,
  is_active boolean NOT NULL DEFAULT true,
  two_factor_enabled boolean NOT NULL DEFAULT false,
  -- Base32 TOTP secret, set once the user has proved they hold it.
  two_factor_secret text,
  -- A secret generated for enrolment, not yet confirmed with a code.
  two_factor_pending_secret text,
  -- The last TOTP time step accepted, so a code is accepted at most once.
  two_factor_last_step bigint,
  failed_login_count integer NOT NULL DEFAULT 0,
  first_failed_login_at timestamptz,
  lockout_count integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_login timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX admin_users_username_key ON admin_users (lower(username));
CREATE UNIQUE INDEX admin_users_email_key ON admin_users (lower(email)) WHERE email IS NOT NULL;

CREATE TABLE admin_sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id bigint NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  ip text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  revoked_reason text
);
CREATE INDEX admin_sessions_user_idx ON admin_sessions (user_id) WHERE revoked_at IS NULL;

-- Every refresh token ever issued, by hash; a rotated one presented again means theft.
CREATE TABLE admin_refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES admin_sessions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  rotated_at timestamptz
);
CREATE INDEX admin_refresh_tokens_session_idx ON admin_refresh_tokens (session_id);

CREATE TABLE admin_recovery_codes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX admin_recovery_codes_user_idx ON admin_recovery_codes (user_id);

CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_id bigint REFERENCES admin_users (id) ON DELETE SET NULL,
  actor_username text,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text,
  before jsonb,
  after jsonb,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_created_idx ON audit_log (created_at DESC);
CREATE INDEX audit_log_target_idx ON audit_log (target_type, target_id);
