-- Contact hours in OpenStreetMap's opening_hours syntax. Reading that syntax needs the
-- opening_hours package, so this migration only adds what SQL needs, and sql/contact-hours.ts
-- (classifyContactHours, run at start and before the contacts list reads these columns) fills them:
-- it rewrites free text that reads as a schedule ("Mon–Fri 9:00–17:00") canonically ("Mo-Fr 09:00-17:00"),
-- leaves the rest as typed, and records the kind. NULL means "not read yet": every contact today,
-- and any contact whose hours or coordinates change afterwards (the trigger below).

-- none: no hours given; always: open around the clock; scheduled: a schedule; unverified: text that
-- is not a schedule (the "hours not verified" filter of the verification work).
ALTER TABLE medical_contacts
  ADD COLUMN hours_kind text CHECK (hours_kind IN ('none', 'always', 'scheduled', 'unverified')),
  -- The IANA zone of the coordinates (tz-lookup, offline), where "open now" is read; NULL without coordinates.
  ADD COLUMN time_zone text;

CREATE INDEX medical_contacts_hours_unread ON medical_contacts (id) WHERE hours_kind IS NULL;
CREATE INDEX medical_contacts_hours_kind ON medical_contacts (hours_kind);

-- A write that changes the hours or the place, without reading them itself, leaves them to be read again.
CREATE FUNCTION medical_contacts_hours_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.hours_kind IS NOT DISTINCT FROM OLD.hours_kind THEN
    NEW.hours_kind := NULL;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER medical_contacts_hours_changed
  BEFORE UPDATE OF available_hours, latitude, longitude ON medical_contacts
  FOR EACH ROW
  WHEN (NEW.available_hours IS DISTINCT FROM OLD.available_hours
    OR NEW.latitude IS DISTINCT FROM OLD.latitude OR NEW.longitude IS DISTINCT FROM OLD.longitude)
  EXECUTE FUNCTION medical_contacts_hours_changed();
