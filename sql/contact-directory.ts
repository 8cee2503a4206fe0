import type postgres from 'postgres';
import type { Client, Sql } from './database.js';

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

/** Rows read per statement when the whole directory or many changes are read: a load holds one page of rows at a time beside what it builds. */
export const PAGE_SIZE = 20_000;

/**
 * Every findable contact, handed to `visit` a page at a time in the order of their ids, each page
 * garbage once visited: what the bot's contact lookup (bot/answering/contact-lookup.ts) keeps in memory.
 * Pages are separate statements: a write committed before a later page is read shows in that page.
 */
export async function forEachFindableContactPage(sql: Sql, visit: (page: FindableContact[]) => void, pageSize = PAGE_SIZE): Promise<void> {
  for (let after = 0; ; ) {
    const page = await findableContacts(sql, sql`AND id > ${after} ORDER BY id LIMIT ${pageSize}`);
    if (page.length > 0) visit(page);
    if (page.length < pageSize) return;
    after = page.at(-1)!.id;
  }
}

/** Those of these contacts that are findable, read by the primary key: the contacts a change of the directory touched. */
export async function loadFindableContacts(sql: Sql, ids: number[]): Promise<FindableContact[]> {
  return ids.length === 0 ? [] : findableContacts(sql, sql`AND id = ANY(${ids}::bigint[])`);
}

function findableContacts(sql: Sql, which: postgres.PendingQuery<postgres.Row[]>) {
  return sql<FindableContact[]>`
    SELECT id, name, phone, specialty, city, contact_method, telegram_username, is_whatsapp_only,
      available_hours, languages, special_instructions, is_master_of_medicine, latitude, longitude, location_approximate,
      extract(epoch FROM coalesce(verified_at, created_at))::float8 * 1000 AS verified_since,
      ${checkedBySql(sql)} AS checked_by
    FROM medical_contacts c WHERE is_active AND latitude IS NOT NULL ${which}`;
}

/**
 * What changed in the directory after `since`, up to `version` (the current one), from migration 062's
 * log, read in one statement so the version and the log agree. `full` when the contacts must all be read
 * again: a TRUNCATE or a taxonomy change among them, or versions already trimmed from the log (an
 * instance that fell that far behind), or a `since` the database never reached (another database), or
 * more than `maxChanged` contacts changed (reading them one by one would cost more than reading all).
 * `changedIds` are the contacts written, each once, findable now or not.
 */
export async function directoryChangesSince(sql: Sql, since: number, maxChanged = Infinity): Promise<{ version: number; changedIds: number[]; full: boolean }> {
  const [row] = await sql<{ version: number; logged: number; everything: boolean; changedCount: number; changedIds: number[] }[]>`
    WITH current AS (SELECT version FROM contact_directory_version),
    logged AS (SELECT contact_ids FROM contact_directory_changes WHERE version > ${since} AND version <= (SELECT version FROM current)),
    changed AS (SELECT DISTINCT unnest(contact_ids) AS id FROM logged),
    counted AS (SELECT count(*)::int AS changed_count FROM changed)
    SELECT (SELECT version FROM current) AS version,
      (SELECT count(*) FROM logged)::int AS logged,
      coalesce((SELECT bool_or(contact_ids IS NULL) FROM logged), false) AS everything,
      (SELECT changed_count FROM counted) AS changed_count,
      CASE WHEN (SELECT changed_count FROM counted) <= ${Number.isFinite(maxChanged) ? maxChanged : 2 ** 31 - 1}
        THEN ARRAY(SELECT id FROM changed ORDER BY 1) ELSE '{}' END AS changed_ids`;
  const { version, logged, everything, changedCount, changedIds } = row!;
  const full = everything || since > version || logged !== version - since || changedCount > maxChanged;
  return { version, changedIds: full ? [] : changedIds, full };
}

/** Forgets the directory's changes logged before `before`: an instance behind them reloads the whole directory. */
export async function deleteDirectoryChangesBefore(sql: Sql, before: Date): Promise<number> {
  const { count } = await sql`DELETE FROM contact_directory_changes WHERE changed_at < ${before}`;
  return count;
}

/**
 * Calls `onVersion` with each version of the directory committed from now on (migration 062's
 * pg_notify), over a connection of its own. External PostgreSQL only: on the embedded database a LISTEN
 * hears nothing (docs/architecture.md).
 */
export async function listenForDirectoryChanges(client: Client, onVersion: (version: number) => void): Promise<() => Promise<void>> {
  const { unlisten } = await client.listen(DIRECTORY_CHANNEL, (payload) => onVersion(Number(payload)));
  return unlisten;
}

/** Migration 062's channel. */
const DIRECTORY_CHANNEL = 'contact_directory';

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
