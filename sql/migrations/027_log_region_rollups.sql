-- Roll-ups per region, for the figures Contact Analytics narrows to one region (spec §2.14): its
-- requests by hour of day (Usage Patterns) and its response times (Response Time Distribution).
-- The whole-product tables (log_hourly_totals, log_daily_durations) have no place, and the raw rows
-- are trimmed by retention, so a region's year needs its own roll-up. Keyed like log_daily_locations:
-- logs that name a place, '' for a missing part of it. UTC hours and days, as migration 007 explains.
CREATE TABLE log_hourly_regions (
  hour timestamptz NOT NULL,
  country text NOT NULL,
  region text NOT NULL,
  requests integer NOT NULL,
  error_count integer NOT NULL,
  duration_count integer NOT NULL,
  duration_sum bigint NOT NULL,
  PRIMARY KEY (hour, country, region)
);
-- Read by region over a window.
CREATE INDEX log_hourly_regions_region_idx ON log_hourly_regions (region, hour);

-- The response-time histogram of each region and day (buckets of log_duration_bounds()).
CREATE TABLE log_daily_region_durations (
  day date NOT NULL,
  country text NOT NULL,
  region text NOT NULL,
  bucket smallint NOT NULL,
  logs integer NOT NULL,
  PRIMARY KEY (day, country, region, bucket)
);
CREATE INDEX log_daily_region_durations_region_idx ON log_daily_region_durations (region, day);

-- The rows already rolled up that retention has not deleted yet; older days stay without a region
-- breakdown (their whole-product figures are in the tables of migration 007).
INSERT INTO log_hourly_regions (hour, country, region, requests, error_count, duration_count, duration_sum)
SELECT log_rollup_hour(created_at), coalesce(country, ''), coalesce(region, ''), count(*), count(*) FILTER (WHERE level = 'ERROR'),
  count(duration_ms), coalesce(sum(duration_ms), 0)
FROM bot_logs
WHERE id <= (SELECT last_log_id FROM log_rollup_state) AND (coalesce(country, '') || coalesce(region, '') || coalesce(city, '')) <> ''
GROUP BY 1, 2, 3;

INSERT INTO log_daily_region_durations (day, country, region, bucket, logs)
SELECT log_rollup_day(created_at), coalesce(country, ''), coalesce(region, ''), log_duration_bucket(duration_ms), count(*)
FROM bot_logs
WHERE id <= (SELECT last_log_id FROM log_rollup_state) AND duration_ms IS NOT NULL
  AND (coalesce(country, '') || coalesce(region, '') || coalesce(city, '')) <> ''
GROUP BY 1, 2, 3, 4;
