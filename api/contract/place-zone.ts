import tzLookup from '@photostructure/tz-lookup';

/**
 * The IANA zone of a place, where its contact's hours are read (`@photostructure/tz-lookup`:
 * offline, pure JavaScript, so the console's form names the zone of the coordinates as they are
 * typed); null without both coordinates, or with coordinates no place has. Apart from
 * time-zone.ts, whose readers need none of the lookup's 30 KB.
 */
export function timeZoneAt(latitude: number | null, longitude: number | null): string | null {
  if (latitude === null || longitude === null || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  try {
    return tzLookup(latitude, longitude);
  } catch {
    return null;
  }
}
