-- What raised a notification (error_spike, bot_disconnected, broadcast_failed, …): an ongoing
-- condition is raised once, and Telegram alerts are chosen by it. NULL on rows loaded in bulk.
ALTER TABLE notifications ADD COLUMN kind text;
-- Set on notifications raised live; the alert dispatcher clears it once it has decided whether
-- to send it to Telegram, so each is sent at most once and rows loaded in bulk never are.
ALTER TABLE notifications ADD COLUMN alert_pending boolean NOT NULL DEFAULT false;
CREATE INDEX notifications_alert_pending_idx ON notifications (id) WHERE alert_pending;
CREATE INDEX notifications_unread_idx ON notifications (created_at DESC) WHERE NOT is_read;
CREATE INDEX notifications_kind_idx ON notifications (kind, created_at DESC);

-- Who the bot alerts on Telegram, and about what (spec §3). One row.
CREATE TABLE notification_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  telegram_notifications boolean NOT NULL DEFAULT true,
  admin_group_alerts boolean NOT NULL DEFAULT true,
  error_alerts boolean NOT NULL DEFAULT true,
  daily_reports boolean NOT NULL DEFAULT true,
  admin_telegram_id bigint,
  admin_group_id bigint CHECK (admin_group_id < 0),
  -- The last local day the daily jobs (report, limit streaks) ran for: once a day across restarts.
  daily_jobs_day date,
  updated_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO notification_settings DEFAULT VALUES;
