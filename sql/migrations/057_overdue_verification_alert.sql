-- Notification Settings' "Alert when overdue contacts exceed N %": the share of active contacts whose
-- verification is overdue (sql/verification-figures.ts) above which the notification monitor raises
-- a notification (bot/alerts/notification-monitor.ts); null: never.
ALTER TABLE notification_settings
  ADD COLUMN overdue_alert_percent integer CHECK (overdue_alert_percent BETWEEN 1 AND 100),
  -- The share stood above the threshold at the last check: one notification when it passes the
  -- threshold, none while it stays above, another only after it fell below. Kept here, not in one
  -- instance's memory, so a restart or a second instance does not raise it again.
  ADD COLUMN overdue_alert_raised boolean NOT NULL DEFAULT false;
