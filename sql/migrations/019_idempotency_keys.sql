-- The answers of requests sent with an Idempotency-Key (creating a broadcast or a template), so a repeat
-- of the same submission (a double click, a retry after a lost answer) gets the first answer instead of
-- doing the work again. One row per staff member, route and key; kept about a day.
CREATE TABLE idempotency_keys (
  admin_user_id bigint NOT NULL REFERENCES admin_users (id) ON DELETE CASCADE,
  -- "POST /api/broadcast-send": a key is the sender's own, per route.
  route text NOT NULL,
  key text NOT NULL,
  -- The validated request, hashed: the same key with another request is refused, not answered.
  request_hash text NOT NULL,
  -- Both null while the first request is still being handled.
  status_code integer,
  response_body text,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (admin_user_id, route, key)
);
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at);
