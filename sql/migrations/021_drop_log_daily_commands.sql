-- Requests per command and day were rolled up every minute and read by nothing the product shows.
DROP TABLE log_daily_commands;
