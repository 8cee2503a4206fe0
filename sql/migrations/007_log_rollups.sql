-- Roll-ups of bot_logs: every analytics figure is read from these tables (plus the few log rows not
-- rolled up yet), never by scanning the raw logs, and bot_logs can be trimmed by retention.
--
-- Days and hours are UTC, not system_settings.time_zone: the roll-ups are kept for years while the
-- raw rows behind them are deleted, so they could never be regrouped if staff changed the time zone.
-- "Hour of day" in the figures is therefore the UTC hour too.
--
-- sql/log-rollups.ts adds the log rows with ids above last_log_id to these tables and moves the
-- watermark, in one transaction: the tables hold exactly the rows with id <= last_log_id (including
-- those retention has deleted since).
CREATE TABLE log_rollup_state (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  last_log_id bigint NOT NULL DEFAULT 0,
  -- When a run last moved the watermark: a health check can tell a stalled roll-up.
  rolled_up_at timestamptz
);
INSERT INTO log_rollup_state DEFAULT VALUES;

-- The bucket of a log row; SQL functions, so the roll-up and its readers cannot disagree.
CREATE FUNCTION log_rollup_day(at timestamptz) RETURNS date
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN (at AT TIME ZONE 'UTC')::date;
CREATE FUNCTION log_rollup_hour(at timestamptz) RETURNS timestamptz
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN date_trunc('hour', at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';

-- Response times are kept as a histogram per day with fixed buckets: histograms of any days add up,
-- so the median and p95 of any window are estimated from the summed counts, within one bucket
-- (at most 20% wide, 1 ms below 10 ms). The array holds each bucket's lower bound in ms; the last
-- bucket is open-ended.
CREATE FUNCTION log_duration_bounds() RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN ARRAY[0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    10, 12, 14, 16, 18, 20, 25, 30, 35, 40, 45, 50, 60, 70, 80, 90,
    100, 120, 140, 160, 180, 200, 250, 300, 350, 400, 450, 500, 600, 700, 800, 900,
    1000, 1200, 1400, 1600, 1800, 2000, 2500, 3000, 3500, 4000, 4500, 5000, 6000, 7000, 8000, 9000,
    10000, 12000, 14000, 16000, 18000, 20000, 25000, 30000, 35000, 40000, 45000, 50000, 60000, 70000, 80000, 90000,
    100000];
-- 1-based index into log_duration_bounds(); negative durations count as 0 ms.
CREATE FUNCTION log_duration_bucket(ms integer) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE RETURN width_bucket(greatest(ms, 0), log_duration_bounds());

-- Requests per UTC hour, kept for ever (8,760 rows a year): the hour-of-day distribution of any window
-- and hour-by-hour charts come from here.
CREATE TABLE log_hourly_totals (
  hour timestamptz PRIMARY KEY,
  requests integer NOT NULL,
  debug_count integer NOT NULL,
  info_count integer NOT NULL,
  warn_count integer NOT NULL,
  error_count integer NOT NULL,
  -- Logs with a duration, and the sum of their durations (ms): the mean is sum / count.
  duration_count integer NOT NULL,
  duration_sum bigint NOT NULL
);

-- Requests per UTC day, kept for ever.
CREATE TABLE log_daily_totals (
  day date PRIMARY KEY,
  requests integer NOT NULL,
  debug_count integer NOT NULL,
  info_count integer NOT NULL,
  warn_count integer NOT NULL,
  error_count integer NOT NULL,
  duration_count integer NOT NULL,
  duration_sum bigint NOT NULL,
  -- Distinct user_id of the day, recounted from log_daily_users when the day gets new rows.
  unique_users integer NOT NULL DEFAULT 0
);

-- The response-time histogram of each day: logs per duration bucket.
CREATE TABLE log_daily_durations (
  day date NOT NULL,
  bucket smallint NOT NULL,
  logs integer NOT NULL,
  PRIMARY KEY (day, bucket)
);

-- Requests per command and day; '' stands for logs without a command.
CREATE TABLE log_daily_commands (
  day date NOT NULL,
  command text NOT NULL,
  requests integer NOT NULL,
  PRIMARY KEY (day, command)
);

-- Requests per place and day, for logs with a place; '' stands for a missing part of it.
CREATE TABLE log_daily_locations (
  day date NOT NULL,
  country text NOT NULL,
  region text NOT NULL,
  city text NOT NULL,
  requests integer NOT NULL,
  error_count integer NOT NULL,
  duration_count integer NOT NULL,
  duration_sum bigint NOT NULL,
  last_request_at timestamptz NOT NULL,
  PRIMARY KEY (day, country, region, city)
);

-- Each user's requests per day and place ('' when the log had none): distinct users over any window,
-- overall or per place, are counted exactly from here, and so are the top users.
CREATE TABLE log_daily_users (
  day date NOT NULL,
  user_id bigint NOT NULL,
  country text NOT NULL,
  region text NOT NULL,
  city text NOT NULL,
  requests integer NOT NULL,
  last_request_at timestamptz NOT NULL,
  PRIMARY KEY (day, user_id, country, region, city)
);

-- The same per month (the month's first day). Users rarely ask more than once a day, so a year of
-- log_daily_users has about as many rows as the logs; a window's whole months are read from here
-- instead, and only its partial months from log_daily_users.
CREATE TABLE log_monthly_users (
  month date NOT NULL,
  user_id bigint NOT NULL,
  country text NOT NULL,
  region text NOT NULL,
  city text NOT NULL,
  requests integer NOT NULL,
  last_request_at timestamptz NOT NULL,
  PRIMARY KEY (month, user_id, country, region, city)
);
