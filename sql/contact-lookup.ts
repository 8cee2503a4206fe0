import KDBush from 'kdbush';
import { around } from 'geokdbush';
import type { Sql } from './database.js';
import { contactDirectoryVersion } from './medical-contacts.js';

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

/** earthdistance's sphere (its earth() function), in km: distances are reported on it. */
const EARTH_KM = 6378.168;
/** geokdbush measures on a sphere of 6,371 km: its distances are ours scaled by this. */
const GEOKDBUSH_SCALE = 6371 / EARTH_KM;
/** Candidates beyond the limit per tier, so rounding between the two measures never drops a nearer contact. */
const SPARE_CANDIDATES = 2;

/**
 * The findable active contacts' places, as of one version of the directory (migration 005's
 * counter): the nearest are found in memory, in microseconds, and only they are read from the table.
 */
interface ContactPlaces {
  version: number;
  /** Null while no contact is findable (kdbush needs at least one point). */
  index: KDBush | null;
  /** Per item of the index: the contact's id and whether it is a Master of Medicine. */
  ids: Float64Array;
  masters: Uint8Array;
}

async function loadContactPlaces(sql: Sql): Promise<ContactPlaces> {
  // The version first: a write committed between the two statements leaves the places newer than
  // the version they are kept under, and the next lookup reloads them.
  const version = await contactDirectoryVersion(sql);
  const rows = await sql<{ id: number; latitude: number; longitude: number; isMasterOfMedicine: boolean }[]>`
    SELECT id, latitude, longitude, is_master_of_medicine FROM medical_contacts WHERE is_active AND latitude IS NOT NULL`;
  if (rows.length === 0) return { version, index: null, ids: new Float64Array(0), masters: new Uint8Array(0) };
  const index = new KDBush(rows.length);
  const ids = new Float64Array(rows.length);
  const masters = new Uint8Array(rows.length);
  for (const [item, row] of rows.entries()) {
    index.add(row.longitude, row.latitude);
    ids[item] = row.id;
    masters[item] = row.isMasterOfMedicine ? 1 : 0;
  }
  index.finish();
  return { version, index, ids, masters };
}

/** Finds the contacts nearest a point, keeping the directory's places in memory between lookups. */
export interface ContactLookup {
  findNearest(point: { latitude: number; longitude: number }, options: { limit: number; radiusKm: number }): Promise<NearbyContact[]>;
}

/**
 * The contact lookup over a client; the instance holds the places it has loaded, so whoever
 * creates it (the bot, a benchmark) owns that cache.
 */
export function createContactLookup(sql: Sql): ContactLookup {
  let kept: Promise<ContactPlaces> | undefined;

  function contactPlaces(staleVersion?: number): Promise<ContactPlaces> {
    const current = kept;
    if (current && staleVersion === undefined) return current;
    const next = (async () => {
      const loaded = await current?.catch(() => undefined);
      // Another lookup may have reloaded them already.
      if (loaded && staleVersion !== undefined && loaded.version !== staleVersion) return loaded;
      return loadContactPlaces(sql);
    })();
    kept = next;
    next.catch(() => {
      if (kept === next) kept = undefined;
    });
    return next;
  }

  return { findNearest: (point, options) => findNearestContacts(sql, contactPlaces, point, options) };
}

/** The ids of up to `count` contacts of one tier nearest to the point, within about radiusKm. */
function nearestIds(places: ContactPlaces, point: { latitude: number; longitude: number }, master: boolean, count: number, radiusKm: number): number[] {
  if (places.index === null) return [];
  const wanted = master ? 1 : 0;
  const within = radiusKm * GEOKDBUSH_SCALE * (1 + 1e-9);
  return around(places.index, point.longitude, point.latitude, count, within, (item) => places.masters[item] === wanted).map((item) => places.ids[item]!);
}

/**
 * The nearest active contacts within radiusKm: Master-of-Medicine contacts first, then the rest,
 * each nearest first, at most `limit` in all. The candidates come from the places kept in memory;
 * one statement reads them with their distances and the directory's version, and a version other
 * than the places' (a contact written since, by anyone) reloads the places and looks again.
 */
async function findNearestContacts(
  sql: Sql,
  contactPlaces: (staleVersion?: number) => Promise<ContactPlaces>,
  point: { latitude: number; longitude: number },
  options: { limit: number; radiusKm: number },
): Promise<NearbyContact[]> {
  let places = await contactPlaces();
  for (;;) {
    const candidates = [true, false].flatMap((master) => nearestIds(places, point, master, options.limit + SPARE_CANDIDATES, options.radiusKm));
    const rows = await sql<(NearbyContact & { version: number })[]>`
      SELECT v.version, c.id, c.name, c.phone, c.specialty, c.city, c.contact_method, c.telegram_username, c.is_whatsapp_only,
        c.available_hours, c.languages, c.special_instructions, c.is_master_of_medicine,
        earth_distance(ll_to_earth(c.latitude, c.longitude), ll_to_earth(${point.latitude}, ${point.longitude})) / 1000 AS distance_km
      FROM contact_directory_version v LEFT JOIN medical_contacts c ON c.id = ANY(${candidates}::bigint[])`;
    const version = rows[0]?.version;
    if (version !== undefined && version !== places.version) {
      places = await contactPlaces(places.version);
      continue;
    }
    return rows
      .filter((row) => row.id !== null && row.distanceKm <= options.radiusKm)
      .sort((a, b) => Number(b.isMasterOfMedicine) - Number(a.isMasterOfMedicine) || a.distanceKm - b.distanceKm || a.id - b.id)
      .slice(0, options.limit)
      .map(({ version: _version, ...contact }) => contact);
  }
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
