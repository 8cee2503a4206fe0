-- When each user's last charged Mini App search was made: map moves, filters and pages within 30 minutes
-- of it are free, as the buttons under a bot answer are (docs/specification.md, "Mini App"). Kept on the
-- server, so that a page reloaded or opened twice cannot start a free window of its own.
CREATE TABLE mini_app_charges (
  telegram_id bigint PRIMARY KEY REFERENCES telegram_users (telegram_id) ON DELETE CASCADE,
  charged_at timestamptz NOT NULL
);
