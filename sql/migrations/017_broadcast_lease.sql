-- Broadcast delivery under a lease (docs/bot.md "Broadcasts"). The sender claims a few recipients at a time
-- (never more than it has in flight) with a lease that expires; a recipient still claimed when its lease
-- has run out was in flight when its sender died, and becomes 'unknown': it may have received the
-- message, so it is not resent unless staff ask ("Send to unknown"). The broadcast carries the lease of
-- the sender working it, so another instance (or the restarted one) resumes it once that lease expires.
ALTER TABLE broadcasts
  ADD COLUMN unknown_count integer NOT NULL DEFAULT 0,
  ADD COLUMN lease_owner text,
  ADD COLUMN lease_expires_at timestamptz;
ALTER TABLE broadcasts DROP CONSTRAINT broadcasts_status_check;
ALTER TABLE broadcasts ADD CONSTRAINT broadcasts_status_check
  CHECK (status IN ('queued', 'sending', 'interrupted', 'sent', 'failed', 'cancelled'));
DROP INDEX broadcasts_open_idx;
CREATE INDEX broadcasts_open_idx ON broadcasts (id) WHERE status IN ('queued', 'sending', 'interrupted');

ALTER TABLE broadcast_recipients
  ADD COLUMN lease_owner text,
  ADD COLUMN lease_expires_at timestamptz;
ALTER TABLE broadcast_recipients DROP CONSTRAINT broadcast_recipients_status_check;
ALTER TABLE broadcast_recipients ADD CONSTRAINT broadcast_recipients_status_check
  CHECK (status IN ('pending', 'sending', 'delivered', 'failed', 'unknown'));
CREATE INDEX broadcast_recipients_unknown_idx ON broadcast_recipients (broadcast_id) WHERE status = 'unknown';

-- Before the lease, a send in flight at a crash was failed as 'interrupted' (or, had the crash just
-- happened, is still 'sending'): either way nobody knows whether it arrived.
UPDATE broadcast_recipients SET status = 'unknown', error = NULL
WHERE status = 'sending' OR (status = 'failed' AND error = 'interrupted');
UPDATE broadcasts b SET unknown_count = c.unknown, failure_count = c.failed
FROM (
  SELECT broadcast_id, count(*) FILTER (WHERE status = 'unknown')::int AS unknown, count(*) FILTER (WHERE status = 'failed')::int AS failed
  FROM broadcast_recipients GROUP BY broadcast_id
) c
WHERE c.broadcast_id = b.id AND c.unknown > 0;
