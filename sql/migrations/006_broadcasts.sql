-- Broadcasts: a durable queue the sender works from (docs/bot.md "Broadcasts").
CREATE TABLE broadcasts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  title text NOT NULL,
  content text NOT NULL DEFAULT '',
  template_id bigint REFERENCES message_templates (id) ON DELETE SET NULL,
  target_type text NOT NULL CHECK (target_type IN ('all', 'selected', 'template')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'cancelled')),
  success_count integer NOT NULL DEFAULT 0,
  failure_count integer NOT NULL DEFAULT 0,
  total_recipients integer NOT NULL DEFAULT 0,
  created_by bigint REFERENCES admin_users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX broadcasts_created_idx ON broadcasts (created_at DESC, id DESC);
-- The sender's look-up of work to do.
CREATE INDEX broadcasts_open_idx ON broadcasts (id) WHERE status IN ('queued', 'sending');

-- One row per recipient, snapshot when the broadcast is created. A row is 'sending' from just before its
-- request until the answer is stored; one found 'sending' after a crash is failed as 'interrupted', never resent.
CREATE TABLE broadcast_recipients (
  broadcast_id bigint NOT NULL REFERENCES broadcasts (id) ON DELETE CASCADE,
  telegram_id bigint NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  error text,
  -- Not before this time (back-off after an error).
  next_attempt_at timestamptz,
  -- Telegram refused the user for good (blocked the bot, deactivated): not retried.
  unreachable boolean NOT NULL DEFAULT false,
  sent_at timestamptz,
  PRIMARY KEY (broadcast_id, telegram_id)
);
CREATE INDEX broadcast_recipients_pending_idx ON broadcast_recipients (broadcast_id, telegram_id) WHERE status = 'pending';
CREATE INDEX broadcast_recipients_sending_idx ON broadcast_recipients (broadcast_id) WHERE status = 'sending';
CREATE INDEX broadcast_recipients_failed_idx ON broadcast_recipients (broadcast_id) WHERE status = 'failed';
CREATE INDEX broadcast_recipients_sent_idx ON broadcast_recipients (broadcast_id, sent_at) WHERE status = 'delivered';
