-- "Require two-factor for admins": admin and super_admin accounts without two-factor may keep working
-- for two_factor_grace_days after the requirement was switched on (two_factor_required_since, NULL
-- while it is off); after that they must enrol. The deadline is counted from the switch-on time, so
-- changing the grace period later moves it, and switching off and on again starts a new one.
ALTER TABLE system_settings
  ADD COLUMN two_factor_required_since timestamptz,
  ADD COLUMN two_factor_grace_days integer NOT NULL DEFAULT 7 CHECK (two_factor_grace_days BETWEEN 0 AND 90);
