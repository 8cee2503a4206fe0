import type { Sql } from './database.js';
import type { SpecialtyTaxonomy } from '../api/contract/specialties.js';
import { contactDirectoryVersion } from './medical-contacts.js';
import { loadSpecialtyTaxonomy } from './specialties.js';

/** A contact the bot can find: active, with coordinates. */
export interface FindableContact {
  id: number;
  name: string;
  phone: string;
  specialty: string;
  city: string;
  contactMethod: 'phone' | 'telegram' | 'whatsapp';
  telegramUsername: string | null;
  isWhatsappOnly: boolean;
  availableHours: string;
  /** ISO 639-1 codes, as the bot's languages are. */
  languages: string[];
  specialInstructions: string | null;
  isMasterOfMedicine: boolean;
  latitude: number;
  longitude: number;
  /** The coordinates are its city's centre, not its address: a distance to them would mislead. */
  locationApproximate: boolean;
  /** When its details were last confirmed, or it was added if never (epoch ms): the "hide from the bot" setting counts from it. */
  verifiedSince: number;
  /** Who confirmed its details last, for the card's freshness line: a small number, not a string, as every findable contact keeps one. */
  checkedBy: CheckedBy;
}

/** Who confirmed a contact's details last: nobody yet, staff, or the contact itself through the bot (method self_confirmed). */
export const CHECKED_BY = { nobody: 0, staff: 1, contact: 2 } as const;
export type CheckedBy = (typeof CHECKED_BY)[keyof typeof CHECKED_BY];

/**
 * CHECKED_BY of a contact (aliased c): the method of the verification that last confirmed it, which is
 * its last verification unless one that did not confirm it (unreachable, closed) came after; only then
 * is the history read.
 */
function checkedBySql(sql: Sql) {
  return sql`CASE
    WHEN c.verified_at IS NULL THEN ${CHECKED_BY.nobody}::int
    WHEN c.last_verified_at = c.verified_at THEN CASE WHEN c.last_verification_method = 'self_confirmed' THEN ${CHECKED_BY.contact}::int ELSE ${CHECKED_BY.staff}::int END
    WHEN EXISTS (SELECT 1 FROM contact_verifications v WHERE v.contact_id = c.id AND v.verified_at = c.verified_at AND v.method = 'self_confirmed')
      THEN ${CHECKED_BY.contact}::int
    ELSE ${CHECKED_BY.staff}::int END`;
}

/**
 * The findable contacts and the specialties' taxonomy as of one version of the directory (migration 005's
 * counter), which the bot's contact lookup (bot/answering/contact-lookup.ts) keeps in memory.
 */
export async function loadFindableContacts(sql: Sql): Promise<{ version: number; contacts: FindableContact[]; taxonomy: SpecialtyTaxonomy }> {
  // The version first: a write committed between the two statements leaves the contacts newer than
  // the version they are kept under, and the next check reloads them.
  const version = await contactDirectoryVersion(sql);
  const [contacts, taxonomy] = await Promise.all([
    sql<FindableContact[]>`
      SELECT id, name, phone, specialty, city, contact_method, telegram_username, is_whatsapp_only,
        available_hours, languages, special_instructions, is_master_of_medicine, latitude, longitude, location_approximate,
        extract(epoch FROM coalesce(verified_at, created_at))::float8 * 1000 AS verified_since,
        ${checkedBySql(sql)} AS checked_by
      FROM medical_contacts c WHERE is_active AND latitude IS NOT NULL`,
    loadSpecialtyTaxonomy(sql),
  ]);
  return { version, contacts, taxonomy };
}

/** A contact as its card shows it, findable or not: its own listing, shown to the contact. */
export interface ListedContact extends Omit<FindableContact, 'latitude' | 'longitude'> {
  latitude: number | null;
  longitude: number | null;
  isActive: boolean;
}

/** One contact as the bot would show it (bot/answering/listing-question.ts); undefined when it does not exist. */
export async function findListedContact(sql: Sql, id: number): Promise<ListedContact | undefined> {
  const [contact] = await sql<ListedContact[]>`
    SELECT id, name, phone, specialty, city, contact_method, telegram_username, is_whatsapp_only,
      available_hours, languages, special_instructions, is_master_of_medicine, latitude, longitude, location_approximate,
      extract(epoch FROM coalesce(verified_at, created_at))::float8 * 1000 AS verified_since,
      ${checkedBySql(sql)} AS checked_by, is_active
    FROM medical_contacts c WHERE id = ${id}`;
  return contact;
}
