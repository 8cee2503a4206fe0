import type { Sql } from './database.js';

export interface NearbyContact {
  id: number;
  name: string;
  phone: string;
  specialty: string;
  city: string;
  contactMethod: 'phone' | 'telegram' | 'whatsapp';
  telegramUsername: string | null;
  isWhatsappOnly: boolean;
  availableHours: string;
  languages: string[];
  specialInstructions: string | null;
  isMasterOfMedicine: boolean;
  distanceKm: number;
}

/**
 * The nearest active contacts within radiusKm: Master-of-Medicine contacts first, then the rest,
 * each nearest first, at most `limit` in all. Two KNN scans (one per tier, each on its own GiST
 * index) joined by UNION ALL: ordering by tier then distance in one scan cannot use the index.
 */
export async function findNearestContacts(
  sql: Sql,
  point: { latitude: number; longitude: number },
  options: { limit: number; radiusKm: number },
): Promise<NearbyContact[]> {
  const origin = sql`ll_to_earth(${point.latitude}, ${point.longitude})`;
  const radiusMeters = options.radiusKm * 1000;
  const tier = (master: boolean) => sql`
    SELECT id, name, phone, specialty, city, contact_method, telegram_username, is_whatsapp_only,
      available_hours, languages, special_instructions, is_master_of_medicine,
      earth_distance(ll_to_earth(latitude, longitude), ${origin}) / 1000 AS distance_km
    FROM medical_contacts
    WHERE is_active AND is_master_of_medicine = ${master} AND latitude IS NOT NULL
      AND earth_box(${origin}, ${radiusMeters}) @> ll_to_earth(latitude, longitude)
    ORDER BY ll_to_earth(latitude, longitude) <-> ${origin}
    LIMIT ${options.limit}`;
  const rows = await sql<NearbyContact[]>`(${tier(true)}) UNION ALL (${tier(false)})`;
  // earth_box is a cube around the circle: drop its corners, keep tier order.
  return rows.filter((row) => row.distanceKm <= options.radiusKm).slice(0, options.limit);
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
