-- Phones in E.164, and places known only by their city.
--
-- Reading a typed phone as a number of the contact's country needs libphonenumber-js, so this
-- migration only adds what SQL needs, and sql/contact-phones.ts (readContactPhones, run at start and
-- before the contacts list counts them) does the reading, as migration 034 does for hours: a phone
-- that is a valid number of its country is rewritten in E.164 ("030 1234567" in Germany becomes
-- +49301234567); one that is not is kept exactly as typed and marked 'unreadable', for staff to
-- correct (the contacts list's "Phone not readable" filter). NULL means "not read yet": every
-- contact today, and any contact whose phone or country changes afterwards (the trigger below).
ALTER TABLE medical_contacts
  ADD COLUMN phone_status text CHECK (phone_status IN ('e164', 'unreadable')),
  -- True when the coordinates are the centre of the contact's city (from the gazetteer), not its
  -- address: the bot then says "in Berlin" instead of a distance, and the console asks for the address.
  ADD COLUMN location_approximate boolean NOT NULL DEFAULT false;

CREATE INDEX medical_contacts_phones_unread ON medical_contacts (id) WHERE phone_status IS NULL;
CREATE INDEX medical_contacts_phones_unreadable ON medical_contacts (id) WHERE phone_status = 'unreadable';

-- A write that changes the phone or the country, without reading the phone itself, leaves it to be read again.
CREATE FUNCTION medical_contacts_phone_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.phone_status IS NOT DISTINCT FROM OLD.phone_status THEN
    NEW.phone_status := NULL;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER medical_contacts_phone_changed
  BEFORE UPDATE OF phone, country ON medical_contacts
  FOR EACH ROW
  WHEN (NEW.phone IS DISTINCT FROM OLD.phone OR NEW.country IS DISTINCT FROM OLD.country)
  EXECUTE FUNCTION medical_contacts_phone_changed();

-- Until now a contact added without coordinates got its city's centre from the gazetteer, exactly:
-- the contacts standing on their city's point are those.
UPDATE medical_contacts m SET location_approximate = true
WHERE m.latitude IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM cities c
    WHERE lower(c.name) = lower(m.city) AND c.latitude = m.latitude AND c.longitude = m.longitude);
