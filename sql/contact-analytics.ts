import type { Sql } from './database.js';
import type { DayRange } from './log-analytics.js';
import { classifyContactHours } from './contact-hours.js';
import { verifiedSql } from './medical-contacts.js';

/**
 * Contact analytics (spec §2.14): the directory's make-up from medical_contacts, and how often
 * each contact was shown from contact_daily_requests (one row per contact and UTC day).
 * `region` narrows every figure to the contacts of one region.
 */

export interface ContactCounts {
  totalContacts: number;
  activeContacts: number;
  verifiedContacts: number;
  emergencyContacts: number;
}

function inRegion(sql: Sql, region: string | undefined) {
  return region === undefined ? sql`TRUE` : sql`c.region = ${region}`;
}

/**
 * "Emergency (24/7)" counts the contacts whose parsed hours are open around the clock (`24/7`, `Mo-Su 00:00-24:00`, …);
 * "verified" those verified at `now` (not overdue), as the contact list counts them.
 */
export async function contactCounts(sql: Sql, now: Date, region?: string): Promise<ContactCounts> {
  await classifyContactHours(sql);
  const [row] = await sql<ContactCounts[]>`
    SELECT count(*)::int AS total_contacts, count(*) FILTER (WHERE is_active)::int AS active_contacts,
      count(*) FILTER (WHERE ${verifiedSql(sql, now)})::int AS verified_contacts,
      count(*) FILTER (WHERE hours_kind = 'always')::int AS emergency_contacts
    FROM medical_contacts c WHERE ${inRegion(sql, region)}`;
  return row!;
}

/** How many contacts state each response time text (few distinct texts: the caller parses them). */
export async function responseTimeTexts(sql: Sql, region?: string): Promise<{ text: string; contacts: number }[]> {
  const rows = await sql<{ text: string; contacts: number }[]>`
    SELECT response_time AS text, count(*)::int AS contacts FROM medical_contacts c
    WHERE ${inRegion(sql, region)} AND response_time <> '' GROUP BY response_time`;
  return [...rows];
}

/** "within 30 minutes" → 30, "within 2 hours" → 120, "1 hour" → 60; null for texts like "same day". */
export function responseTimeMinutes(text: string): number | null {
  const match = /^\s*(?:within\s+)?(\d+(?:\.\d+)?)\s*(min|mins|minute|minutes|h|hr|hrs|hour|hours)\s*$/i.exec(text);
  if (!match) return null;
  const amount = Number(match[1]);
  return match[2]!.toLowerCase().startsWith('h') ? amount * 60 : amount;
}

export async function contactsByRegion(sql: Sql, region?: string): Promise<{ country: string; region: string; count: number }[]> {
  const rows = await sql<{ country: string; region: string; count: number }[]>`
    SELECT country, region, count(*)::int AS count FROM medical_contacts c
    WHERE ${inRegion(sql, region)} GROUP BY country, region ORDER BY count DESC, country, region`;
  return [...rows];
}

/** The regions that have contacts, for the filter, in the order a person looks them up ("Île-de-France" among the I's). */
export async function contactRegions(sql: Sql): Promise<string[]> {
  const rows = await sql<{ region: string }[]>`SELECT DISTINCT region FROM medical_contacts WHERE region <> ''`;
  return rows.map((row) => row.region).sort((a, b) => a.localeCompare(b));
}

/** Contacts per place, their coordinates rounded to a tenth of a degree (about 10 km). */
export async function contactDistribution(sql: Sql, region?: string): Promise<{ latitude: number; longitude: number; count: number }[]> {
  const rows = await sql<{ latitude: number; longitude: number; count: number }[]>`
    SELECT round(latitude::numeric, 1)::float8 AS latitude, round(longitude::numeric, 1)::float8 AS longitude, count(*)::int AS count
    FROM medical_contacts c WHERE ${inRegion(sql, region)} AND latitude IS NOT NULL
    GROUP BY 1, 2 ORDER BY count DESC, 1, 2 LIMIT 500`;
  return [...rows];
}

export async function contactsBySpecialty(sql: Sql, region?: string): Promise<{ specialty: string; count: number; avgRating: number }[]> {
  const rows = await sql<{ specialty: string; count: number; avgRating: number }[]>`
    SELECT specialty, count(*)::int AS count, round(avg(rating), 2)::float8 AS avg_rating FROM medical_contacts c
    WHERE ${inRegion(sql, region)} GROUP BY specialty ORDER BY count DESC, specialty`;
  return [...rows];
}

/** The contacts shown most often in the window's answers (ties by id). */
export async function topShownContacts(
  sql: Sql,
  range: DayRange,
  { region, limit = 10 }: { region?: string; limit?: number },
): Promise<{ id: number; name: string; city: string; requests: number; rating: number }[]> {
  const rows = await sql<{ id: number; name: string; city: string; requests: number; rating: number }[]>`
    SELECT c.id::int AS id, c.name, c.city, sum(r.requests)::int AS requests, c.rating::float8 AS rating
    FROM contact_daily_requests r JOIN medical_contacts c ON c.id = r.contact_id
    WHERE r.day BETWEEN ${range.from}::date AND ${range.to}::date AND ${inRegion(sql, region)}
    GROUP BY c.id ORDER BY requests DESC, c.id LIMIT ${limit}`;
  return [...rows];
}

/** Contacts shown per day of the window, every day present. */
export async function dailyContactRequests(sql: Sql, range: DayRange, region?: string): Promise<{ day: string; requests: number }[]> {
  const rows = await sql<{ day: string; requests: number }[]>`
    SELECT days.day::text AS day, coalesce(sum(shown.requests), 0)::int AS requests
    FROM (SELECT ${range.from}::date + n AS day FROM generate_series(0, ${range.to}::date - ${range.from}::date) AS n) days
    LEFT JOIN (
      SELECT r.day, r.requests FROM contact_daily_requests r JOIN medical_contacts c ON c.id = r.contact_id
      WHERE r.day BETWEEN ${range.from}::date AND ${range.to}::date AND ${inRegion(sql, region)}
    ) shown ON shown.day = days.day
    GROUP BY days.day ORDER BY days.day`;
  return [...rows];
}

/** Counts each contact shown in an answer, per day, for contact analytics. */
export async function countContactRequests(sql: Sql, contactIds: number[], day: string): Promise<void> {
  if (contactIds.length === 0) return;
  await sql`
    INSERT INTO contact_daily_requests (contact_id, day, requests)
    -- One row per contact: a contact shown in several answers of a batch must not conflict with itself.
    SELECT id, ${day}::date, count(*) FROM unnest(${contactIds}::bigint[]) AS id GROUP BY id
    ON CONFLICT (contact_id, day) DO UPDATE SET requests = contact_daily_requests.requests + excluded.requests`;
}
