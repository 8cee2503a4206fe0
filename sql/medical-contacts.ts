import type postgres from 'postgres';
import {
  UNRECOGNISED_VALUES_SHOWN,
  type ContactFilter,
  type ContactListQuery,
  type ContactFilterOptions,
  type ContactListResponse,
  type MedicalContact,
  type UnrecognisedValues,
} from '../api/contract/medical-contacts.js';
import { AUDIT_ACTIONS, type AuditAction } from '../api/contract/audit-actions.js';
import { resolveCountry } from '../api/contract/country-lookup.js';
import type { Sql } from './database.js';
import { containsPattern } from './like.js';
import { classifyContactHours, openAtSql } from './contact-hours.js';
import { readContactPhones } from './contact-phones.js';
import type { VerificationMethod, VerificationOutcome } from '../api/contract/contact-verifications.js';
import { transaction } from './transaction.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment before which a verification is overdue, `reverifyAfterDays` (System Settings) before `now`. */
export function reverifyCutoff(now: Date, reverifyAfterDays: number): Date {
  return new Date(now.getTime() - reverifyAfterDays * DAY_MS);
}

type Condition = postgres.PendingQuery<postgres.Row[]>;
/** A search of digits and what people write between them, with at least a few digits: a phone number. */
const PHONE_LIKE = /^\+?[\d\s().-]*\d{3}[\d\s().-]*$/;
/** A condition handed out of an async function: wrapped, as a fragment awaited would run as a query. */
export interface Where {
  condition: Condition;
}

/**
 * The WHERE condition of a contact filter (the list, the bulk calls' "every contact matching",
 * the CSV export): `WHERE ${(await contactWhere(sql, filter, now)).condition}`. An empty filter matches every
 * contact. `now` decides which verifications are due and who is open (the app's clock). The hours
 * filters need the hours read first (migration 034), and "open now" needs them evaluated in
 * JavaScript: both are done here before the condition is built.
 */
export async function contactWhere(sql: Sql, filter: ContactFilter, now: Date): Promise<Where> {
  if (!filter.hours) return { condition: contactFilterSql(sql, filter, now) };
  await classifyContactHours(sql);
  const openNow = filter.hours === 'open-now' ? (await openAtSql(sql, now)).condition : undefined;
  return { condition: contactFilterSql(sql, filter, now, openNow) };
}

/**
 * The condition of a filter, built at once: `openNow` is the "open now" condition (openAtSql),
 * which a filter for open contacts needs.
 */
function contactFilterSql(sql: Sql, filter: ContactFilter, now: Date, openNow?: Condition): Condition {
  const conditions: postgres.PendingQuery<postgres.Row[]>[] = [];
  if (filter.search) {
    // search_text is lower-cased; the trigram index serves LIKE '%…%'. It holds the country's code: its name finds it too.
    // A phone as the console shows it ("+49 30 1234567") is looked for as stored (E.164, "+49301234567").
    const search = PHONE_LIKE.test(filter.search) ? filter.search.replace(/[\s().-]/g, '') : filter.search;
    const text = sql`search_text LIKE ${containsPattern(search.toLowerCase())}`;
    const country = resolveCountry(filter.search);
    conditions.push(country ? sql`(${text} OR country = ${country})` : text);
  }
  if (filter.specialty) conditions.push(sql`specialty = ${filter.specialty}`);
  if (filter.country) conditions.push(sql`country = ${filter.country}`);
  if (filter.language) conditions.push(sql`languages @> ARRAY[${filter.language}]::text[]`);
  if (filter.unrecognised === 'country') conditions.push(sql`country_unrecognised IS NOT NULL`);
  if (filter.unrecognised === 'languages') conditions.push(sql`languages_unrecognised <> '{}'`);
  if (filter.region) conditions.push(sql`region = ${filter.region}`);
  if (filter.city) conditions.push(sql`lower(city) = ${filter.city.toLowerCase()}`);
  if (filter.contactMethod) conditions.push(sql`contact_method = ${filter.contactMethod}`);
  if (filter.status) conditions.push(filter.status === 'active' ? sql`is_active` : sql`NOT is_active`);
  if (filter.verified === 'verified') conditions.push(verifiedSql(sql, now));
  if (filter.verified === 'unverified') conditions.push(sql`NOT ${verifiedSql(sql, now)}`);
  if (filter.verified === 'due') conditions.push(dueSql(sql, now));
  if (filter.reported) conditions.push(filter.reported === 'yes' ? openReportSql(sql) : sql`NOT ${openReportSql(sql)}`);
  if (filter.masterOfMedicine !== undefined) conditions.push(sql`is_master_of_medicine = ${filter.masterOfMedicine}`);
  if (filter.findable === 'yes') conditions.push(sql`latitude IS NOT NULL`);
  if (filter.findable === 'no') conditions.push(sql`latitude IS NULL`);
  if (filter.findable === 'approximate') conditions.push(sql`latitude IS NOT NULL AND location_approximate`);
  if (filter.phoneStatus === 'unreadable') conditions.push(sql`phone_status = 'unreadable'`);
  if (filter.hours === 'unverified') conditions.push(sql`hours_kind = 'unverified'`);
  if (filter.hours === 'open-now') {
    if (!openNow) throw new Error('The "open now" filter needs its condition: build it with contactWhere.');
    conditions.push(openNow);
  }
  if (conditions.length === 0) return sql`TRUE`;
  return conditions.slice(1).reduce((all, condition) => sql`${all} AND ${condition}`, conditions[0]!);
}

/**
 * True for a contact verified at `now` (MedicalContact.verified): its last verification stands and is
 * no older than the cycle, read from System Settings in the statement itself. Hours, not days: a
 * day of the session's zone may have 23 or 25 of them, and toMedicalContact counts 24.
 */
export function verifiedSql(sql: Sql, now: Date): Condition {
  return sql`coalesce(verified AND verified_at >= ${now}::timestamptz - (SELECT reverify_after_days FROM system_settings WHERE id) * interval '24 hours', false)`;
}

/**
 * True for an active contact not verified at `now` (never, overdue, unticked, unreachable last time),
 * and for any contact with an open report from a bot user (it is checked again before it is trusted).
 */
function dueSql(sql: Sql, now: Date): Condition {
  return sql`((is_active AND NOT ${verifiedSql(sql, now)}) OR ${openReportSql(sql)})`;
}

/** True for a contact with an open report; uncorrelated, so that it holds with medical_contacts aliased or not. */
export function openReportSql(sql: Sql): postgres.PendingQuery<postgres.Row[]> {
  return sql`(id IN (SELECT contact_id FROM contact_reports WHERE status = 'open'))`;
}

/** A medical_contacts row without its id, every column given (bulk loads: demo data, tests). */
export interface NewMedicalContact {
  name: string;
  phone: string;
  specialty: string;
  city: string;
  region: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  contactMethod: MedicalContact['contactMethod'];
  telegramUsername: string | null;
  startMessage: string | null;
  specialInstructions: string | null;
  passwordRequired: boolean;
  isWhatsappOnly: boolean;
  availableHours: string;
  responseTime: string;
  languages: string[];
  rating: number;
  verified: boolean;
  verifiedAt: Date | null;
  verifiedBy: number | null;
  isActive: boolean;
  isMasterOfMedicine: boolean;
  comments: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What medical_contacts keeps of its last verification (migration 053), written with each (sql/contact-verifications.ts). */
export interface LastVerificationColumns {
  lastVerifiedAt: Date | null;
  lastVerificationOutcome: VerificationOutcome | null;
  lastVerificationMethod: VerificationMethod | null;
}

/** A contact as stored (rating as a number, the verifier's username joined, its open reports counted). */
export interface MedicalContactRecord extends NewMedicalContact, LastVerificationColumns {
  id: number;
  countryUnrecognised: string | null;
  languagesUnrecognised: string[];
  locationApproximate: boolean;
  verifiedByUsername: string | null;
  /** Who made the last verification (a staff member's username; null for the contact through the bot). */
  lastVerifiedBy: string | null;
  openReports: number;
  /** The cycle of System Settings when the row was read: whether it is verified today is counted with it. */
  reverifyAfterDays: number;
}

/**
 * The columns a create or an edit writes (camelCase; postgres.js maps them to snake_case); the
 * coordinates' precision is written with them, whenever they are, and a verification's own with it.
 */
export type ContactColumns = Omit<NewMedicalContact, 'createdAt' | 'updatedAt'> & { locationApproximate?: boolean } & Partial<LastVerificationColumns>;

/** The public view of a stored contact; `now` decides whether its verification is overdue. */
export function toMedicalContact(record: MedicalContactRecord, now: Date): MedicalContact {
  const verified = record.verified && record.verifiedAt !== null && record.verifiedAt >= reverifyCutoff(now, record.reverifyAfterDays);
  return {
    id: record.id,
    name: record.name,
    phone: record.phone,
    specialty: record.specialty,
    city: record.city,
    region: record.region,
    country: record.country,
    countryUnrecognised: record.countryUnrecognised,
    latitude: record.latitude,
    longitude: record.longitude,
    locationApproximate: record.locationApproximate && record.latitude !== null,
    contactMethod: record.contactMethod,
    telegramUsername: record.telegramUsername,
    startMessage: record.startMessage,
    specialInstructions: record.specialInstructions,
    passwordRequired: record.passwordRequired,
    isWhatsappOnly: record.isWhatsappOnly,
    availableHours: record.availableHours,
    responseTime: record.responseTime,
    languages: record.languages,
    languagesUnrecognised: record.languagesUnrecognised,
    rating: record.rating,
    verified,
    verifiedAt: record.verifiedAt?.toISOString() ?? null,
    verifiedBy: record.verifiedByUsername,
    dueForReverification: (record.isActive && !verified) || record.openReports > 0,
    lastVerification:
      record.lastVerifiedAt && record.lastVerificationMethod && record.lastVerificationOutcome
        ? { at: record.lastVerifiedAt.toISOString(), method: record.lastVerificationMethod, outcome: record.lastVerificationOutcome, by: record.lastVerifiedBy }
        : null,
    openReports: record.openReports,
    isActive: record.isActive,
    isMasterOfMedicine: record.isMasterOfMedicine,
    comments: record.comments,
    findable: record.latitude !== null && record.longitude !== null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}

/** Contact rows (from a CTE or table named `c`) with the verifiers' usernames and the cycle of System Settings: MedicalContactRecord. */
export function withVerifier(sql: Sql, source: postgres.PendingQuery<postgres.Row[]>) {
  return sql`
    SELECT c.id, c.name, c.phone, c.specialty, c.city, c.region, c.country, c.country_unrecognised, c.latitude, c.longitude, c.location_approximate,
      c.contact_method, c.telegram_username, c.start_message, c.special_instructions, c.password_required,
      c.is_whatsapp_only, c.available_hours, c.response_time, c.languages, c.languages_unrecognised, c.rating::float8 AS rating,
      c.verified, c.verified_at, c.verified_by, verifier.username AS verified_by_username, c.is_active,
      c.is_master_of_medicine, c.comments, c.created_at, c.updated_at,
      c.last_verified_at, c.last_verification_outcome, c.last_verification_method,
      (SELECT u.username FROM contact_verifications v JOIN admin_users u ON u.id = v.verified_by
        WHERE v.contact_id = c.id ORDER BY v.verified_at DESC, v.id DESC LIMIT 1) AS last_verified_by,
      (SELECT count(*)::int FROM contact_reports r WHERE r.contact_id = c.id AND r.status = 'open') AS open_reports,
      (SELECT reverify_after_days FROM system_settings WHERE id) AS reverify_after_days
    FROM ${source} c LEFT JOIN admin_users verifier ON verifier.id = c.verified_by`;
}

export async function findMedicalContact(sql: Sql, id: number): Promise<MedicalContactRecord | undefined> {
  const [record] = await sql<MedicalContactRecord[]>`${withVerifier(sql, sql`(SELECT * FROM medical_contacts WHERE id = ${id})`)}`;
  return record;
}

const SORT_COLUMNS: Record<ContactListQuery['sort'], string> = {
  name: 'lower(name)',
  specialty: 'specialty',
  city: 'city',
  region: 'region',
  country: 'country',
  rating: 'rating',
  verifiedAt: 'verified_at',
  updatedAt: 'updated_at',
  createdAt: 'created_at',
};

/** One page of the contacts matching the query, in its order (id breaks ties). */
export async function listMedicalContacts(sql: Sql, query: ContactListQuery, now: Date): Promise<MedicalContactRecord[]> {
  const where = (await contactWhere(sql, query, now)).condition;
  const direction = query.order === 'desc' ? sql`DESC` : sql`ASC`;
  // A fixed whitelist of expressions: the sort key is never taken from the request's text.
  const sortKey = sql.unsafe(SORT_COLUMNS[query.sort]);
  // Only verified_at can be null: other keys keep the default null order, so an index serves both ways.
  const nulls = query.sort === 'verifiedAt' ? sql`NULLS LAST` : sql``;
  const page = sql`(
    SELECT * FROM medical_contacts WHERE ${where}
    ORDER BY ${sortKey} ${direction} ${nulls}, id ${direction}
    LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize})`;
  return sql<MedicalContactRecord[]>`${withVerifier(sql, page)} ORDER BY ${sortKey} ${direction} ${nulls}, c.id ${direction}`;
}

/** How many contacts match the filter. */
export async function countMedicalContacts(sql: Sql, filter: ContactFilter, now: Date): Promise<number> {
  const [row] = await sql<{ total: number }[]>`SELECT count(*)::int AS total FROM medical_contacts WHERE ${(await contactWhere(sql, filter, now)).condition}`;
  return row?.total ?? 0;
}

export type ContactStats = ContactListResponse['stats'];

/** Bumped by every statement that writes medical_contacts (migration 005): unchanged means nothing changed. */
export async function contactDirectoryVersion(sql: Sql): Promise<number> {
  const [row] = await sql<{ version: number }[]>`SELECT version FROM contact_directory_version`;
  return row?.version ?? 0;
}

/** The directory's figures (spec §2.7 cards) in one pass over the table. */
export async function contactStats(sql: Sql, now: Date): Promise<Omit<ContactStats, 'countries' | 'regions' | 'specialties'>> {
  await classifyContactHours(sql);
  await readContactPhones(sql);
  const [row] = await sql<Omit<ContactStats, 'countries' | 'regions' | 'specialties'>[]>`
    SELECT count(*)::int AS total,
      (count(*) FILTER (WHERE is_master_of_medicine))::int AS master_of_medicine,
      (count(*) FILTER (WHERE ${verifiedSql(sql, now)}))::int AS verified,
      (count(*) FILTER (WHERE is_active))::int AS active,
      (count(*) FILTER (WHERE ${dueSql(sql, now)}))::int AS due_for_reverification,
      (count(*) FILTER (WHERE latitude IS NULL))::int AS not_findable,
      (count(*) FILTER (WHERE latitude IS NOT NULL AND location_approximate))::int AS location_approximate,
      (count(*) FILTER (WHERE phone_status = 'unreadable'))::int AS phones_not_readable,
      (count(*) FILTER (WHERE hours_kind = 'unverified'))::int AS hours_not_verified
    FROM medical_contacts`;
  return row!;
}

/**
 * The distinct specialties, country/region pairs and languages. A loose index scan (one index probe
 * per distinct value) rather than DISTINCT over every row: there are few values and many contacts.
 * Languages sit in arrays, which no index lists in order: they are read from every row.
 */
export async function contactFilterOptions(sql: Sql): Promise<Omit<ContactFilterOptions, 'unlistedSpecialties'>> {
  const [specialties, pairs, languages] = await Promise.all([
    sql<{ specialty: string }[]>`
      WITH RECURSIVE distinct_specialties (specialty) AS (
        (SELECT specialty FROM medical_contacts ORDER BY specialty LIMIT 1)
        UNION ALL
        SELECT (SELECT m.specialty FROM medical_contacts m WHERE m.specialty > d.specialty ORDER BY m.specialty LIMIT 1)
        FROM distinct_specialties d WHERE d.specialty IS NOT NULL)
      SELECT specialty FROM distinct_specialties WHERE specialty IS NOT NULL AND specialty <> ''`,
    sql<{ country: string; region: string }[]>`
      WITH RECURSIVE pairs (country, region) AS (
        (SELECT country, region FROM medical_contacts ORDER BY country, region LIMIT 1)
        UNION ALL
        SELECT next.country, next.region FROM pairs
        CROSS JOIN LATERAL (
          SELECT m.country, m.region FROM medical_contacts m
          WHERE (m.country, m.region) > (pairs.country, pairs.region)
          ORDER BY m.country, m.region LIMIT 1) next)
      SELECT country, region FROM pairs`,
    sql<{ language: string }[]>`SELECT DISTINCT unnest(languages) AS language FROM medical_contacts ORDER BY language`,
  ]);
  const regions = pairs.filter((pair) => pair.country !== '' && pair.region !== '');
  return {
    specialties: specialties.map((row) => row.specialty),
    countries: [...new Set(pairs.map((pair) => pair.country).filter((country) => country !== ''))],
    regions: regions.map(({ country, region }) => ({ country, region })),
    languages: languages.map((row) => row.language),
  };
}

/**
 * The countries and languages written before they were codes that the directory does not
 * recognise (migrations 046 and 047): how many contacts hold them, and the values most held first.
 */
export async function unrecognisedContactValues(sql: Sql): Promise<{ country: UnrecognisedValues; languages: UnrecognisedValues }> {
  const [countries, languages, [speakers]] = await Promise.all([
    sql<{ value: string; contacts: number }[]>`
      SELECT country_unrecognised AS value, count(*)::int AS contacts FROM medical_contacts
      WHERE country_unrecognised IS NOT NULL GROUP BY country_unrecognised ORDER BY contacts DESC, value`,
    sql<{ value: string; contacts: number }[]>`
      SELECT value, count(*)::int AS contacts FROM medical_contacts, unnest(languages_unrecognised) AS value
      WHERE languages_unrecognised <> '{}' GROUP BY value ORDER BY contacts DESC, value`,
    sql<{ contacts: number }[]>`SELECT count(*)::int AS contacts FROM medical_contacts WHERE languages_unrecognised <> '{}'`,
  ]);
  const listed = (contacts: number, values: readonly { value: string; contacts: number }[]): UnrecognisedValues => ({
    contacts,
    values: values.slice(0, UNRECOGNISED_VALUES_SHOWN).map((row) => ({ value: row.value, contacts: row.contacts })),
    otherValues: Math.max(0, values.length - UNRECOGNISED_VALUES_SHOWN),
  });
  return {
    country: listed(countries.reduce((sum, row) => sum + row.contacts, 0), countries),
    languages: listed(speakers!.contacts, languages),
  };
}

/** Inserts a contact; returns it as stored. */
export async function insertMedicalContact(sql: Sql, columns: ContactColumns, now: Date): Promise<MedicalContactRecord> {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO medical_contacts ${sql({ ...columns, createdAt: now, updatedAt: now } as Record<string, unknown>)}
    RETURNING id`;
  return (await findMedicalContact(sql, row!.id))!;
}

/**
 * The columns to write for these changes: a country or languages written are ones the directory
 * recognises, so what was set aside for staff when they became codes (migrations 046, 047) goes.
 */
function withRecognised(changes: Partial<ContactColumns>): Record<string, unknown> {
  return {
    ...changes,
    ...(changes.country !== undefined && { countryUnrecognised: null }),
    ...(changes.languages !== undefined && { languagesUnrecognised: [] }),
  };
}

/** Writes the given columns of a contact; undefined when it does not exist. */
export async function updateMedicalContact(
  sql: Sql,
  id: number,
  changes: Partial<ContactColumns>,
  now: Date,
): Promise<MedicalContactRecord | undefined> {
  const [row] = await sql<{ id: number }[]>`
    UPDATE medical_contacts SET ${sql({ ...withRecognised(changes), updatedAt: now })}
    WHERE id = ${id} RETURNING id`;
  return row ? findMedicalContact(sql, row.id) : undefined;
}

export async function deleteMedicalContact(sql: Sql, id: number): Promise<boolean> {
  const rows = await sql`DELETE FROM medical_contacts WHERE id = ${id} RETURNING id`;
  return rows.length > 0;
}

/** Digits only, as the phone_normalized column computes it. */
export function normalizePhone(phone: string): string {
  return phone.replace(/[^0-9]/g, '');
}

/**
 * Contacts that look like this one: the same normalised phone, or the same name in the same city
 * (ignoring case). `exceptId` leaves the contact being edited out.
 */
export async function findDuplicateContacts(
  sql: Sql,
  contact: { name: string; phone: string; city: string },
  exceptId?: number,
): Promise<MedicalContactRecord[]> {
  const phone = normalizePhone(contact.phone);
  const source = sql`(
    SELECT * FROM medical_contacts
    WHERE (${phone !== '' ? sql`phone_normalized = ${phone}` : sql`FALSE`}
       OR (lower(name) = ${contact.name.toLowerCase()} AND lower(city) = ${contact.city.toLowerCase()}))
      ${exceptId === undefined ? sql`` : sql`AND id <> ${exceptId}`}
    ORDER BY id LIMIT 10)`;
  return sql<MedicalContactRecord[]>`${withVerifier(sql, source)} ORDER BY c.id`;
}

/** A population this many times the next candidate's makes a place the clear match. */
const CLEARLY_LARGER = 2;

/**
 * Coordinates for a contact's place from the cities gazetteer: the city of that exact name in
 * that country (its ISO code), narrowed by region when the region matches one; when several
 * remain, the most populous if it is clearly larger than the next. Otherwise undefined.
 */
export async function geocodeContactPlace(
  sql: Sql,
  place: { city: string; region: string; country: string },
): Promise<{ latitude: number; longitude: number } | undefined> {
  const city = place.city.trim().toLowerCase();
  if (!city || !place.country) return undefined;
  const candidates = await sql<{ region: string; population: number; latitude: number; longitude: number }[]>`
    SELECT region, population, latitude, longitude FROM cities
    WHERE lower(name) = ${city} AND country_code = ${place.country}
    ORDER BY population DESC, id
    LIMIT 50`;
  const region = place.region.trim().toLowerCase();
  const inRegion = region ? candidates.filter((candidate) => sameRegion(candidate.region, region)) : [];
  const pool = inRegion.length > 0 ? inRegion : candidates;
  const [first, second] = pool;
  if (!first) return undefined;
  if (second && first.population < second.population * CLEARLY_LARGER) return undefined;
  return { latitude: first.latitude, longitude: first.longitude };
}

/** "Île-de-France" and "ile de france", "Bavaria" and "Free State of Bavaria" are one region. */
function sameRegion(gazetteer: string, typed: string): boolean {
  const simplify = (text: string) =>
    text
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .trim();
  const a = simplify(gazetteer);
  const b = simplify(typed);
  return a !== '' && b !== '' && (a === b || a.includes(b) || b.includes(a));
}

/** Who made a change, for the audit log. */
export interface ContactActor {
  id: number | null;
  username: string | null;
  ip: string | null;
}

/** A bulk call's target: a list of ids, or every contact matching a filter. */
export type ContactTarget = { ids: number[] } | { filter: ContactFilter };

/** The fields bulk edit may set. */
export type BulkContactChanges = Partial<
  Pick<
    ContactColumns,
    | 'specialty'
    | 'city'
    | 'region'
    | 'country'
    | 'contactMethod'
    | 'availableHours'
    | 'responseTime'
    | 'languages'
    | 'rating'
    | 'verified'
    | 'isActive'
    | 'isMasterOfMedicine'
  >
>;

/** The fields a contact's audit entries record, as in the API (camelCase). */
const AUDITED_FIELDS = [
  'name', 'phone', 'specialty', 'city', 'region', 'country', 'countryUnrecognised', 'latitude', 'longitude', 'contactMethod',
  'telegramUsername', 'startMessage', 'specialInstructions', 'passwordRequired', 'isWhatsappOnly',
  'availableHours', 'responseTime', 'languages', 'languagesUnrecognised', 'rating', 'verified', 'verifiedAt', 'isActive',
  'isMasterOfMedicine', 'comments',
] as const;

const column = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** jsonb_build_object('field', alias.column, …) over the given fields, keyed as the API names them. */
function fieldsJson(sql: Sql, alias: string, fields: readonly string[]) {
  const pairs = fields.map((field) => sql`${field}::text, ${sql(alias)}.${sql(column(field))}`);
  return sql`jsonb_build_object(${pairs.slice(1).reduce((all, pair) => sql`${all}, ${pair}`, pairs[0]!)})`;
}

async function targetSql(sql: Sql, target: ContactTarget, now: Date): Promise<Where> {
  return 'ids' in target ? { condition: sql`id = ANY(${target.ids}::bigint[])` } : contactWhere(sql, target.filter, now);
}

/** How many of the targeted contacts would break the Telegram rule if their method became telegram. */
export async function countTargetsWithoutTelegramUsername(sql: Sql, target: ContactTarget, now: Date): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    SELECT count(*)::int AS count FROM medical_contacts
    WHERE ${(await targetSql(sql, target, now)).condition} AND coalesce(telegram_username, '') = ''`;
  return row?.count ?? 0;
}

/** The audit actions of the bulk changes, written per contact by the statement that changes it. */
const BULK_UPDATE = 'contact.bulk-update' satisfies AuditAction;
const BULK_DELETE = 'contact.bulk-delete' satisfies AuditAction;

/**
 * Applies the same changes to every targeted contact and writes one audit entry per contact (the
 * changed fields before and after), all in one statement. Unticking Verified makes each due at once
 * (its last verification no longer stands). Ticking it is not a column but a verification of each:
 * `confirm` records them (recordConfirmations, sql/contact-verifications.ts, which imports this
 * module) over the ids targeted. A changed place sets the contacts' coordinates from the gazetteer
 * (geocodeContactPlace). All in one transaction; returns the ids targeted.
 */
export function bulkUpdateContacts(
  sql: Sql,
  target: ContactTarget,
  changes: BulkContactChanges,
  actor: ContactActor,
  now: Date,
  confirm?: (tx: Sql, ids: number[]) => Promise<unknown>,
): Promise<number[]> {
  const { verified, ...others } = changes;
  const columns = withRecognised(verified === false ? changes : others);
  const fields = Object.keys(columns);
  const placeChanged = changes.city !== undefined || changes.region !== undefined || changes.country !== undefined;
  return transaction(sql, async (tx) => {
    const targeted = (await targetSql(tx, target, now)).condition;
    const rows =
      fields.length === 0
        ? await tx<{ id: number }[]>`SELECT id FROM medical_contacts WHERE ${targeted} ORDER BY id FOR UPDATE`
        : await tx<{ id: number }[]>`
          WITH target AS (
            SELECT * FROM medical_contacts WHERE ${targeted} FOR UPDATE),
          updated AS (
            UPDATE medical_contacts SET ${tx({ ...columns, updatedAt: now })}
            FROM target WHERE medical_contacts.id = target.id
            RETURNING medical_contacts.*),
          audited AS (
            INSERT INTO audit_log (actor_id, actor_username, action, target_type, target_id, before, after, ip)
            SELECT ${actor.id}::bigint, ${actor.username}::text, ${BULK_UPDATE}::text, ${AUDIT_ACTIONS[BULK_UPDATE]}::text, updated.id::text,
              ${fieldsJson(tx, 'target', fields)}, ${fieldsJson(tx, 'updated', fields)}, ${actor.ip}::text
            FROM updated JOIN target ON target.id = updated.id)
          SELECT id FROM updated ORDER BY id`;
    const ids = rows.map((row) => row.id);
    if (verified === true) await confirm?.(tx, ids);
    if (placeChanged && ids.length > 0) {
      for (const place of await contactPlaces(tx, ids)) await setContactCoordinates(tx, place.ids, (await geocodeContactPlace(tx, place)) ?? null);
    }
    return ids;
  });
}

/** Deletes every targeted contact, writing one audit entry per contact in the same statement. */
export async function bulkDeleteContacts(sql: Sql, target: ContactTarget, actor: ContactActor, now: Date): Promise<number> {
  const [row] = await sql<{ count: number }[]>`
    WITH gone AS (
      DELETE FROM medical_contacts WHERE ${(await targetSql(sql, target, now)).condition} RETURNING *),
    audited AS (
      INSERT INTO audit_log (actor_id, actor_username, action, target_type, target_id, before, after, ip)
      SELECT ${actor.id}::bigint, ${actor.username}::text, ${BULK_DELETE}::text, ${AUDIT_ACTIONS[BULK_DELETE]}::text, gone.id::text,
        ${fieldsJson(sql, 'gone', AUDITED_FIELDS)}, NULL, ${actor.ip}::text
      FROM gone)
    SELECT count(*)::int AS count FROM gone`;
  return row?.count ?? 0;
}

/** The distinct places of these contacts, for geocoding after a bulk change of location. */
async function contactPlaces(
  sql: Sql,
  ids: number[],
): Promise<{ city: string; region: string; country: string; ids: number[] }[]> {
  return sql<{ city: string; region: string; country: string; ids: number[] }[]>`
    SELECT city, region, country, array_agg(id ORDER BY id) AS ids
    FROM medical_contacts WHERE id = ANY(${ids}::bigint[])
    GROUP BY city, region, country`;
}

/** Sets (or clears) the coordinates of these contacts: a city's centre (geocodeContactPlace), so approximate. */
async function setContactCoordinates(sql: Sql, ids: number[], point: { latitude: number; longitude: number } | null): Promise<void> {
  await sql`
    UPDATE medical_contacts SET latitude = ${point?.latitude ?? null}, longitude = ${point?.longitude ?? null},
      location_approximate = ${point !== null}
    WHERE id = ANY(${ids}::bigint[])`;
}

/** Only the fields the API shows in a contact's history (derived and bookkeeping fields left out). */
export const HISTORY_FIELDS: readonly string[] = [...AUDITED_FIELDS, 'verifiedBy'];

/** A contact's audit entries, newest first. */
export async function contactAuditEntries(
  sql: Sql,
  id: number,
): Promise<{ id: number; action: string; actorUsername: string | null; createdAt: Date; before: unknown; after: unknown }[]> {
  return sql`
    SELECT id, action, actor_username, created_at, before, after FROM audit_log
    WHERE target_type = 'medical_contact' AND target_id = ${String(id)}
    ORDER BY created_at DESC, id DESC`;
}

/** Inserts contacts in one statement; returns their ids in the order given. */
export async function insertMedicalContacts(sql: Sql, contacts: NewMedicalContact[]): Promise<number[]> {
  if (contacts.length === 0) return [];
  const rows = await sql<{ id: number }[]>`INSERT INTO medical_contacts ${sql(contacts)} RETURNING id`;
  return rows.map((row) => row.id);
}

/** The ids of the contacts with these phone numbers, by phone. */
export async function findContactIdsByPhone(sql: Sql, phones: string[]): Promise<Map<string, number>> {
  const rows = await sql<{ id: number; phone: string }[]>`SELECT id, phone FROM medical_contacts WHERE phone = ANY(${phones})`;
  return new Map(rows.map((row) => [row.phone, row.id]));
}

/** Adds per-day request counts of contacts, summing with counts already there. */
export async function addContactDailyRequests(sql: Sql, rows: { contactId: number; day: string; requests: number }[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    INSERT INTO contact_daily_requests AS counts (contact_id, day, requests)
    SELECT * FROM unnest(${rows.map((row) => row.contactId)}::bigint[], ${rows.map((row) => row.day)}::date[],
      ${rows.map((row) => row.requests)}::int[])
    ON CONFLICT (contact_id, day) DO UPDATE SET requests = counts.requests + excluded.requests`;
}
