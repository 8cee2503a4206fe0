-- bot_logs partitioned by month of created_at (UTC), so retention drops whole partitions instead of
-- deleting millions of rows, and an insert only touches the indexes of the current month.
-- Monthly, not weekly: every console list page (ORDER BY id over all partitions) and max(id) merges one
-- index scan per partition, so fewer partitions keep them as fast as before; at the default 90 days of
-- retention that is four or five partitions. The price is up to a month of rows past the cutoff,
-- which retention still deletes row by row (sql/log-retention.ts), as before.
-- Same columns, same ids (the sequence continues where it was), same indexes (defined on the parent,
-- so each partition gets its own), same per-level count triggers of 008; the rows are moved in.

-- The old table steps aside: its triggers, indexes and sequence free their names for the new one.
ALTER TABLE bot_logs RENAME TO bot_logs_unpartitioned;
ALTER SEQUENCE bot_logs_id_seq RENAME TO bot_logs_unpartitioned_id_seq;
ALTER TABLE bot_logs_unpartitioned RENAME CONSTRAINT bot_logs_pkey TO bot_logs_unpartitioned_pkey;
DROP TRIGGER bot_logs_count_inserts ON bot_logs_unpartitioned;
DROP TRIGGER bot_logs_count_deletes ON bot_logs_unpartitioned;
DROP TRIGGER bot_logs_count_updates_from ON bot_logs_unpartitioned;
DROP TRIGGER bot_logs_count_updates_to ON bot_logs_unpartitioned;
DROP TRIGGER bot_logs_count_truncates ON bot_logs_unpartitioned;
DROP INDEX bot_logs_created_idx, bot_logs_level_idx, bot_logs_user_idx, bot_logs_search_trgm_idx, bot_logs_chat_idx;

CREATE TABLE bot_logs (
  id bigint GENERATED ALWAYS AS IDENTITY,
  created_at timestamptz NOT NULL DEFAULT now(),
  level text NOT NULL CHECK (level IN ('DEBUG', 'INFO', 'WARN', 'ERROR')),
  message text NOT NULL,
  command text,
  user_id bigint,
  chat_id bigint,
  duration_ms integer,
  error_message text,
  metadata jsonb NOT NULL DEFAULT '{}',
  latitude double precision,
  longitude double precision,
  city text,
  region text,
  country text,
  result_count integer,
  -- A partitioned table's key must hold the partition key; the ids alone stay unique (one sequence).
  PRIMARY KEY (id, created_at)
) PARTITION BY RANGE (created_at);
-- Rows of a month with no partition yet (a clock far off, a back-fill) land here, so an insert never fails;
-- bot_logs_add_partitions moves them into their month's partition when it creates it.
CREATE TABLE bot_logs_default PARTITION OF bot_logs DEFAULT;

/*
 * Creates the monthly partitions covering from_time up to until, and those of the months of any rows
 * waiting in the default partition, moving those rows in; returns how many it created. The retention job calls it
 * daily for the next month, so partitions exist ahead of the rows.
 */
CREATE FUNCTION bot_logs_add_partitions(from_time timestamptz, until timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  month_start timestamp;
  month_end timestamp;
  partition_name text;
  added integer := 0;
BEGIN
  -- Instances running their jobs at once take turns (any fixed number).
  PERFORM pg_advisory_xact_lock(7261028);
  FOR month_start IN
    SELECT generate_series(date_trunc('month', from_time AT TIME ZONE 'UTC'), until AT TIME ZONE 'UTC', interval '1 month')
    UNION
    SELECT DISTINCT date_trunc('month', created_at AT TIME ZONE 'UTC') FROM bot_logs_default
    ORDER BY 1
  LOOP
    month_end := month_start + interval '1 month';
    partition_name := 'bot_logs_' || to_char(month_start, 'YYYY_MM');
    IF to_regclass(partition_name) IS NULL THEN
      -- Filled before it is attached: rows leave the default partition, not the parent, so the
      -- parent's count triggers see no change (statement triggers fire for the table named only).
      EXECUTE format('CREATE TABLE %I (LIKE bot_logs INCLUDING DEFAULTS INCLUDING CONSTRAINTS)', partition_name);
      EXECUTE format('WITH moved AS (DELETE FROM bot_logs_default WHERE created_at >= $1 AND created_at < $2 RETURNING *)
        INSERT INTO %I SELECT * FROM moved', partition_name)
        USING month_start AT TIME ZONE 'UTC', month_end AT TIME ZONE 'UTC';
      EXECUTE format('ALTER TABLE bot_logs ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
        partition_name, month_start AT TIME ZONE 'UTC', month_end AT TIME ZONE 'UTC');
      added := added + 1;
    END IF;
  END LOOP;
  RETURN added;
END $$;

SELECT bot_logs_add_partitions(coalesce((SELECT min(created_at) FROM bot_logs_unpartitioned), now()), now() + interval '1 month');

-- Before the triggers exist: the rows' levels are counted in bot_log_level_counts already.
INSERT INTO bot_logs OVERRIDING SYSTEM VALUE SELECT * FROM bot_logs_unpartitioned;
SELECT setval(pg_get_serial_sequence('bot_logs', 'id'), last_value, is_called) FROM bot_logs_unpartitioned_id_seq;
DROP TABLE bot_logs_unpartitioned;

-- Built once over the moved rows rather than kept up row by row while they were moved.
CREATE INDEX bot_logs_created_idx ON bot_logs (created_at);
CREATE INDEX bot_logs_level_idx ON bot_logs (level, id);
CREATE INDEX bot_logs_user_idx ON bot_logs (user_id, id);
CREATE INDEX bot_logs_chat_idx ON bot_logs (chat_id, id);
CREATE INDEX bot_logs_search_trgm_idx ON bot_logs
  USING gin (lower(message || ' ' || coalesce(command, '') || ' ' || coalesce(error_message, '')) gin_trgm_ops);

CREATE TRIGGER bot_logs_count_inserts AFTER INSERT ON bot_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bot_logs_count_added();
CREATE TRIGGER bot_logs_count_deletes AFTER DELETE ON bot_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bot_logs_count_removed();
CREATE TRIGGER bot_logs_count_updates_from AFTER UPDATE ON bot_logs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bot_logs_count_removed();
CREATE TRIGGER bot_logs_count_updates_to AFTER UPDATE ON bot_logs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bot_logs_count_added();
CREATE TRIGGER bot_logs_count_truncates AFTER TRUNCATE ON bot_logs
  FOR EACH STATEMENT EXECUTE FUNCTION bot_logs_count_truncated();
