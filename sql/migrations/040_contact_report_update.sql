-- The update that stored a report: a press tried again after the database dropped before the commit's
-- answer came back finds the report its own first attempt stored, and is thanked, not refused as a
-- second report of the day.
ALTER TABLE contact_reports ADD COLUMN update_id bigint;
