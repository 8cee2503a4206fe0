-- Read state is each staff member's own. The shared flag it replaces let one viewer's "Mark all as
-- read" clear every colleague's unread count and the admins' Critical Alerts, and recorded nobody.
CREATE TABLE notification_reads (
  notification_id bigint NOT NULL REFERENCES notifications (id) ON DELETE CASCADE,
  admin_user_id bigint NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notification_id, admin_user_id)
);
-- A staff member's reads: their unread list and count, and the cascade when they are deleted.
CREATE INDEX notification_reads_admin_user_idx ON notification_reads (admin_user_id, notification_id);

-- Nobody's view changes at the upgrade: what was read is read for every staff member. Inactive ones
-- too, so one reactivated later does not find the whole history unread.
INSERT INTO notification_reads (notification_id, admin_user_id, read_at)
SELECT n.id, u.id, coalesce(n.read_at, now())
FROM notifications n CROSS JOIN admin_users u
WHERE n.is_read;

-- Nothing reads the shared state any more (its partial index goes with it).
ALTER TABLE notifications DROP COLUMN is_read, DROP COLUMN read_at;
