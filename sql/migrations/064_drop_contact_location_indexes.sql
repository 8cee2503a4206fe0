-- Migration 003's two KNN indexes, one per tier, served the bot's nearest-contact query. The bot has
-- answered from its own directory in memory since (bot/answering/contact-directory.ts), and the Mini
-- App from the same; no statement orders contacts by distance any more. Each insert or location
-- change still paid for them: a third of a contact's write, about 26 s of a million-row CSV import.
DROP INDEX medical_contacts_master_location_idx;
DROP INDEX medical_contacts_other_location_idx;
