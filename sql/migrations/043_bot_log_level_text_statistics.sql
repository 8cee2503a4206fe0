-- A search with a level (errors matching "timeout") asks for level = x AND text_id = ANY(the matching texts).
-- The two go together (a timeout is an error), but the planner multiplies their selectivities: it expected
-- a few rows per month where thousands match, so it fetched every match and sorted them (220 ms over the
-- benchmark's 3,000,000 rows) instead of walking the level's index back to the first page (2.5 ms).
-- Statistics of the two columns together tell it. The planner reads each partition's own statistics, so
-- every month gets them: the existing ones here (analysed now: a month that no longer changes would never
-- be analysed again), each new one as bot_logs_add_partitions creates it.

CREATE FUNCTION bot_logs_add_level_text_statistics(partition_name text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE STATISTICS IF NOT EXISTS %I (dependencies, mcv) ON level, text_id FROM %I',
    partition_name || '_level_text_stats', partition_name);
END $$;

DO $$
DECLARE
  partition_name text;
BEGIN
  FOR partition_name IN
    SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = 'bot_logs'::regclass
  LOOP
    PERFORM bot_logs_add_level_text_statistics(partition_name);
    EXECUTE format('ANALYZE %I', partition_name);
  END LOOP;
END $$;

-- As in 028, with the new month's statistics.
CREATE OR REPLACE FUNCTION bot_logs_add_partitions(from_time timestamptz, until timestamptz) RETURNS integer
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
      PERFORM bot_logs_add_level_text_statistics(partition_name);
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
