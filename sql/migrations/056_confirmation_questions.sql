-- The question a linked account is answering (docs/bot.md "Contacts confirm their own listing"): after
-- "Something changed" and a field, the bot asks for the new value with a reply prompt and keeps which
-- field that prompt asked about, so the reply is stored as a proposed correction of that field.
ALTER TABLE contact_linked_accounts
  ADD COLUMN asked_field text CHECK (asked_field IN ('phone', 'address', 'hours', 'specialty', 'languages', 'closed')),
  ADD COLUMN asked_chat_id bigint,
  ADD COLUMN asked_message_id bigint;
