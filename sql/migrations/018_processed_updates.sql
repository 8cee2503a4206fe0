-- Each Telegram update is handled once (docs/bot.md, "What it records"). Telegram posts a webhook update again
-- when it saw no answer in time, and a long-polling instance that dies before confirming its offset gets
-- its last updates again; every instance on this database claims an update here before handling it.
-- update_id is unique per bot only. The fingerprint (a hash of the update) tells a redelivery, which is
-- the same update, from a new update that reuses an id (a bot's numbering restarted, the simulator).
CREATE TABLE processed_updates (
  bot_id bigint NOT NULL,
  update_id bigint NOT NULL,
  fingerprint text NOT NULL,
  -- Who claimed it: one attempt at the update (random), so that an attempt whose claim statement it gave up
  -- waiting for, and which committed after all, knows the claim for its own.
  claimed_by text,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  -- Null while the claim's handling is under way: a claim left unanswered by a process that died is
  -- taken over once it is old enough.
  answered_at timestamptz,
  PRIMARY KEY (bot_id, update_id)
);
-- The clean-up job deletes claims older than a day.
CREATE INDEX processed_updates_claimed_at_idx ON processed_updates (claimed_at);

-- The batches of log rows and counts the bot has written. A batch whose commit was cut off by a lost
-- connection is sent again; its id here makes the second write a no-op instead of a double count.
CREATE TABLE written_log_batches (
  id uuid PRIMARY KEY,
  written_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX written_log_batches_written_at_idx ON written_log_batches (written_at);
