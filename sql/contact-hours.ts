import type postgres from 'postgres';
import type { Sql } from './database.js';
import { hoursKind, isOpenAt, normalizeOpeningHours, parseOpeningHours } from '../api/contract/opening-hours.js';
import { timeZoneAt } from '../api/contract/place-zone.js';

/**
 * Reads the hours of the contacts not read yet (medical_contacts.hours_kind NULL, migration 034):
 * free text that reads as a schedule is rewritten in canonical opening_hours syntax, other text
 * is kept as typed; each gets its kind, and the time zone of its coordinates. Parsed once per
 * distinct text. Returns how many contacts it read; cheap (one index probe) when there are none.
 */
export async function classifyContactHours(sql: Sql): Promise<number> {
  const rows = await sql<{ id: number; availableHours: string; latitude: number | null; longitude: number | null }[]>`
    SELECT id, available_hours, latitude, longitude FROM medical_contacts WHERE hours_kind IS NULL`;
  if (rows.length === 0) return 0;
  const read = new Map<string, { canonical: string; kind: string }>();
  for (const row of rows) {
    if (read.has(row.availableHours)) continue;
    const canonical = normalizeOpeningHours(row.availableHours);
    read.set(row.availableHours, { canonical, kind: hoursKind(canonical) });
  }
  const zoneOf = (row: (typeof rows)[number]) => timeZoneAt(row.latitude, row.longitude);
  // The text and place read are part of the match: a contact changed meanwhile is left for the next reading.
  const result = await sql`
    UPDATE medical_contacts m SET available_hours = u.canonical, hours_kind = u.kind, time_zone = u.zone
    FROM unnest(${rows.map((row) => row.id)}::bigint[], ${rows.map((row) => row.availableHours)}::text[],
      ${rows.map((row) => read.get(row.availableHours)!.canonical)}::text[], ${rows.map((row) => read.get(row.availableHours)!.kind)}::text[],
      ${rows.map(zoneOf)}::text[]) AS u(id, hours, canonical, kind, zone)
    WHERE m.id = u.id AND m.hours_kind IS NULL AND m.available_hours = u.hours`;
  return result.count;
}

/**
 * The SQL condition "open at `at`": around the clock, or a schedule open then in the contact's own
 * zone. Schedules are evaluated in JavaScript once per distinct (hours, zone) pair, which are few
 * however many contacts share them; contacts without coordinates have no zone, so only their 24/7 counts.
 */
export async function openAtSql(sql: Sql, at: Date): Promise<{ condition: postgres.PendingQuery<postgres.Row[]> }> {
  const pairs = await sql<{ availableHours: string; timeZone: string }[]>`
    SELECT DISTINCT available_hours, time_zone FROM medical_contacts WHERE hours_kind = 'scheduled' AND time_zone IS NOT NULL`;
  const open = pairs.filter((pair) => isOpenAt(parseOpeningHours(pair.availableHours), pair.timeZone, at));
  return { condition: sql`(hours_kind = 'always' OR (hours_kind = 'scheduled' AND (available_hours, time_zone) IN (
    SELECT * FROM unnest(${open.map((pair) => pair.availableHours)}::text[], ${open.map((pair) => pair.timeZone)}::text[]))))` };
}
