import type { Sql } from '../../sql/database.js';
import type { MedicalContactRecord } from '../../sql/medical-contacts.js';
import { CHECKED_BY, type FindableContact } from '../../sql/contact-directory.js';
import { KNOWN_SPECIALTIES } from '../../api/contract/specialty-names.js';
import { NAMES, LANGUAGE_CODES, asciiHandle, type Culture } from '../../scripts/demo/names.js';

/** A seeded pseudo-random generator (mulberry32): the same seed gives the same contacts. */
export function seededRandom(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** Places whose names sort the same under every collation (one word, ASCII); `dial` starts a valid number there, 8 digits short. */
export const CONTACT_PLACES = [
  { country: 'FR', region: 'Ile-de-France', city: 'Paris', latitude: 48.85, longitude: 2.35, dial: '33 1' },
  { country: 'FR', region: 'Auvergne', city: 'Lyon', latitude: 45.76, longitude: 4.84, dial: '33 4' },
  { country: 'FR', region: 'Auvergne', city: 'Grenoble', latitude: 45.19, longitude: 5.72, dial: '33 4' },
  { country: 'DE', region: 'Bavaria', city: 'Munich', latitude: 48.14, longitude: 11.58, dial: '49 89' },
  { country: 'DE', region: 'Bavaria', city: 'Nuremberg', latitude: 49.45, longitude: 11.08, dial: '49 911' },
  { country: 'DE', region: 'Berlin', city: 'Berlin', latitude: 52.52, longitude: 13.4, dial: '49 30' },
  { country: 'IT', region: 'Lazio', city: 'Rome', latitude: 41.9, longitude: 12.5, dial: '39 06' },
  { country: 'IT', region: 'Lombardy', city: 'Milan', latitude: 45.46, longitude: 9.19, dial: '39 02' },
  { country: 'KE', region: 'Nairobi', city: 'Nairobi', latitude: -1.29, longitude: 36.82, dial: '254 7' },
] as const;
export const CONTACT_SPECIALTIES = ['Cardiology', 'Dermatology', 'Neurology', 'Pediatrics', 'Dentistry', 'Orthopedics'] as const;
const FIRST = ['Amara', 'Bruno', 'Chiara', 'Dmitri', 'Elena', 'Farah', 'Goran', 'Hana', 'Ivo', 'Jonas', 'Kira', 'Luca'];
const LAST = ['Okafor', 'Rossi', 'Muller', 'Dubois', 'Kamau', 'Weber', 'Bianchi', 'Laurent', 'Otieno', 'Fischer'];

/** A generated contact as inserted, with its id. */
export type GeneratedContact = Pick<
  MedicalContactRecord,
  | 'id'
  | 'name'
  | 'phone'
  | 'specialty'
  | 'city'
  | 'region'
  | 'country'
  | 'latitude'
  | 'longitude'
  | 'contactMethod'
  | 'telegramUsername'
  | 'rating'
  | 'verified'
  | 'verifiedAt'
  | 'isActive'
  | 'isMasterOfMedicine'
>;

/**
 * Inserts n varied contacts in bulk (unnest) and returns them: every filter value occurs, a share
 * have no coordinates, verifications spread over the last 200 days before `now`.
 */
export async function manyContacts(sql: Sql, n: number, seed = 1, now = new Date('2026-11-21T10:00:00Z')): Promise<GeneratedContact[]> {
  const rand = seededRandom(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(rand() * values.length)]!;
  const rows: Omit<GeneratedContact, 'id'>[] = [];
  for (let index = 0; index < n; index++) {
    const place = pick(CONTACT_PLACES);
    const method = pick(['phone', 'telegram', 'whatsapp'] as const);
    const verified = rand() < 0.4;
    const findable = rand() < 0.85;
    rows.push({
      name: `${pick(FIRST)}${pick(LAST)}${String(index).padStart(5, '0')}`,
      phone: `+${place.dial} ${String(10_000_000 + index * 7).padStart(8, '0')}`,
      specialty: pick(CONTACT_SPECIALTIES),
      city: place.city,
      region: place.region,
      country: place.country,
      latitude: findable ? place.latitude : null,
      longitude: findable ? place.longitude : null,
      contactMethod: method,
      telegramUsername: method === 'telegram' ? `doc_${index}` : null,
      rating: Math.round(rand() * 50) / 10,
      verified,
      verifiedAt: verified ? new Date(now.getTime() - Math.floor(rand() * 200 * 86_400_000)) : null,
      isActive: rand() < 0.85,
      isMasterOfMedicine: rand() < 0.2,
    });
  }
  const ids: number[] = [];
  const BATCH = 5_000;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const column = <K extends keyof Omit<GeneratedContact, 'id'>>(key: K) => batch.map((row) => row[key]);
    // postgres.js sends boolean arrays as booleans: pass flags as 0/1.
    const flag = (key: 'verified' | 'isActive' | 'isMasterOfMedicine') => batch.map((row) => (row[key] ? 1 : 0));
    const inserted = await sql<{ id: number }[]>`
      INSERT INTO medical_contacts (name, phone, specialty, city, region, country, latitude, longitude, contact_method,
        telegram_username, rating, verified, verified_at, is_active, is_master_of_medicine, created_at, updated_at)
      SELECT name, phone, specialty, city, region, country, latitude, longitude, method, username, rating, verified <> 0,
        verified_at, active <> 0, master <> 0, ${now}::timestamptz, ${now}::timestamptz
      FROM unnest(
        ${column('name')}::text[], ${column('phone')}::text[], ${column('specialty')}::text[], ${column('city')}::text[],
        ${column('region')}::text[], ${column('country')}::text[], ${column('latitude') as (number | null)[]}::float8[],
        ${column('longitude') as (number | null)[]}::float8[], ${column('contactMethod')}::text[],
        ${column('telegramUsername') as (string | null)[]}::text[], ${column('rating')}::numeric[], ${flag('verified')}::int[],
        ${batch.map((row) => row.verifiedAt?.toISOString() ?? null)}::timestamptz[], ${flag('isActive')}::int[], ${flag('isMasterOfMedicine')}::int[])
        AS u(name, phone, specialty, city, region, country, latitude, longitude, method, username, rating, verified, verified_at, active, master)
      RETURNING id`;
    ids.push(...inserted.map((row) => row.id));
  }
  await sql`ANALYZE medical_contacts`;
  return rows.map((row, index) => ({ id: ids[index]!, ...row }));
}

/** What the search box looks in, as the search_text column computes it. */
export function searchTextOf(contact: GeneratedContact): string {
  return `${contact.name} ${contact.phone} ${contact.city} ${contact.region} ${contact.country} ${contact.specialty}`.toLowerCase();
}

const CULTURES = Object.keys(NAMES) as Culture[];
const CHECKERS = Object.values(CHECKED_BY);
const DAYS = ['Mo-Fr', 'Mo-Th', 'Mo-Sa', 'Tu-Sa'];
const MINUTES = ['00', '30'];
const INSTRUCTIONS = ['Ring the bell at the side entrance.', 'Appointments by phone only.', 'Second floor, no lift.', 'Bring your insurance card.', 'Walk-ins before noon.'];

/** A schedule among about two thousand: days, opening, closing, lunch break and Saturday vary as a country's practices do. */
function schedule(random: () => number): string {
  const roll = random();
  if (roll < 0.1) return '';
  if (roll < 0.15) return '24/7';
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const open = `${String(7 + Math.floor(random() * 4)).padStart(2, '0')}:${pick(MINUTES)}`;
  const close = `${16 + Math.floor(random() * 4)}:${pick(MINUTES)}`;
  const lunch = random() < 0.3 ? [`${open}-12:00`, `13:00-${close}`].join(',') : `${open}-${close}`;
  const saturday = random() < 0.3 ? `; Sa 09:00-${pick(['12:00', '13:00', '14:00'])}` : '';
  return `${pick(DAYS)} ${lunch}${saturday}`;
}

/** `count` findable contacts spread over Europe's cities, with names, phones and hours as real ones have. */
export function findableContacts(count: number, seed = 1): FindableContact[] {
  const random = seededRandom(seed);
  const cities = Array.from({ length: 2000 }, (_, at) => ({ name: `City ${at}`, latitude: 36 + random() * 24, longitude: -9 + random() * 33 }));
  const contacts: FindableContact[] = [];
  for (let id = 1; id <= count; id += 1) {
    const culture = CULTURES[Math.floor(random() * CULTURES.length)]!;
    const { first, last } = NAMES[culture];
    const name = `${first[Math.floor(random() * first.length)]} ${last[Math.floor(random() * last.length)]}`;
    const city = cities[Math.floor(random() * random() * cities.length)]!;
    const method = random();
    const approximate = random() < 0.05;
    // Through JSON, as rows come off the wire: flat strings, not the joined ones a template makes, which take more memory.
    const contact: FindableContact = {
      id,
      name: `Dr ${name}`,
      phone: `+49 ${30 + Math.floor(random() * 900)} ${String(Math.floor(random() * 1e7)).padStart(7, '0')}`,
      specialty: KNOWN_SPECIALTIES[Math.floor(random() * KNOWN_SPECIALTIES.length)]!,
      city: city.name,
      contactMethod: method < 0.7 ? 'phone' : method < 0.9 ? 'telegram' : 'whatsapp',
      telegramUsername: method >= 0.7 && method < 0.9 ? asciiHandle(name) : null,
      isWhatsappOnly: method >= 0.95,
      availableHours: schedule(random),
      languages: random() < 0.5 ? [LANGUAGE_CODES[culture]] : [LANGUAGE_CODES[culture], 'en'],
      specialInstructions: random() < 0.2 ? INSTRUCTIONS[Math.floor(random() * INSTRUCTIONS.length)]! : null,
      isMasterOfMedicine: random() < 0.1,
      latitude: approximate ? city.latitude : city.latitude + (random() - 0.5) * 0.4,
      longitude: approximate ? city.longitude : city.longitude + (random() - 0.5) * 0.6,
      locationApproximate: approximate,
      verifiedSince: Date.UTC(2025, 0, 1) + Math.floor(random() * 600) * 86_400_000,
      checkedBy: CHECKERS[Math.floor(random() * CHECKERS.length)]!,
    };
    contacts.push(JSON.parse(JSON.stringify(contact)) as FindableContact);
  }
  return contacts;
}
