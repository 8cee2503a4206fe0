-- The hours are read by a stricter and wider rule set (api/contract/opening-hours.ts, readOpeningHours):
-- day words of the bot's eight languages and a 12-hour clock are read ("Lun-Ven 9h-17h" becomes
-- "Mo-Fr 09:00-17:00"), and a schedule that reads as overnight or as under an hour without being
-- written so ("Mo-Fr 09:00-05:00", stored from a typed "Mon-Fri 9-5") is no schedule the bot relies
-- on: it is kept as it is and counted under "hours not verified" for staff to correct.
-- Marking every contact unread has classifyContactHours (sql/contact-hours.ts) read them all again
-- at start; nothing else changes.
UPDATE medical_contacts SET hours_kind = NULL WHERE hours_kind IS NOT NULL;
