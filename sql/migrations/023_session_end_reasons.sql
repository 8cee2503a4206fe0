-- Why a session ended, as a code the API answers the session's next request with (api/contract/session-end.ts),
-- so the console can say it on the login screen instead of showing a bare sign-in form.
UPDATE admin_sessions SET revoked_reason = CASE revoked_reason
    WHEN 'signed out' THEN 'signed_out'
    WHEN 'ended by the user' THEN 'ended_by_user'
    WHEN 'ended by an administrator' THEN 'ended_by_admin'
    WHEN 'password reset' THEN 'password_reset'
    WHEN 'password changed' THEN 'password_changed'
    WHEN 'role changed' THEN 'role_changed'
    WHEN 'deactivated' THEN 'deactivated'
    WHEN 'refresh token reused' THEN 'refresh_token_reused'
    -- The old text did not say which way two-factor went; "on" is the change that asks for more at sign-in.
    WHEN 'two-factor changed' THEN 'two_factor_enabled'
    ELSE 'signed_out'
  END
WHERE revoked_reason IS NOT NULL OR revoked_at IS NOT NULL;

ALTER TABLE admin_sessions
  ADD CONSTRAINT admin_sessions_revoked_reason_check CHECK (
    revoked_reason IN ('signed_out', 'ended_by_user', 'ended_by_admin', 'password_reset', 'password_changed', 'role_changed',
      'two_factor_enabled', 'two_factor_disabled', 'deactivated', 'refresh_token_reused')
  ),
  ADD CONSTRAINT admin_sessions_revoked_has_reason CHECK ((revoked_at IS NULL) = (revoked_reason IS NULL));
