-- Each staff member's own clock: times in the console read on the 24-hour clock unless they choose
-- the 12-hour one (api/contract/clock-format.ts), always in system_settings.time_zone.
ALTER TABLE admin_users
  ADD COLUMN clock_format text NOT NULL DEFAULT '24h' CHECK (clock_format IN ('24h', '12h'));
