-- Requests by the language the bot answered in, for the analytics overview's 24h to 1y:
-- the raw rows are trimmed by retention, so a year needs a roll-up. Hourly, like log_hourly_totals,
-- so a window that does not start on a day (the last 24 hours, a local day) is counted exactly from
-- whole hours plus the rows at its edges. Only logs with a language (a user's); UTC hours as in 007.
CREATE TABLE log_hourly_languages (
  hour timestamptz NOT NULL,
  language text NOT NULL,
  requests integer NOT NULL,
  PRIMARY KEY (hour, language)
);

-- The rows already rolled up that retention has not deleted yet (bot_logs.language is new in 031).
INSERT INTO log_hourly_languages (hour, language, requests)
SELECT log_rollup_hour(created_at), language, count(*)
FROM bot_logs
WHERE id <= (SELECT last_log_id FROM log_rollup_state) AND language IS NOT NULL
GROUP BY 1, 2;
