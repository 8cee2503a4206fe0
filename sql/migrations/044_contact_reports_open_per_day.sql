-- One open report per user, contact and day, not one report: once staff resolved a user's report, the
-- same user may report the contact again that day (a new number that is wrong too). The bot finds a
-- redelivered update's own report by its update id before it stores one (storeContactReport).
ALTER TABLE contact_reports DROP CONSTRAINT contact_reports_contact_id_telegram_id_reported_on_key;
CREATE UNIQUE INDEX contact_reports_open_per_day_idx ON contact_reports (contact_id, telegram_id, reported_on) WHERE status = 'open';
