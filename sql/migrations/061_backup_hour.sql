-- System Settings' "Backup hour": the hour of the day (in system_settings.time_zone) the daily
-- automatic backup runs (scripts/backup-schedule.ts). A quiet hour: on the embedded database a
-- backup briefly holds the bot's queries.
ALTER TABLE system_settings
  ADD COLUMN backup_hour integer NOT NULL DEFAULT 4 CHECK (backup_hour BETWEEN 0 AND 23);
