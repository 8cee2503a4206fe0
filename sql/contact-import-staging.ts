import type { Sql } from './database.js';
import { phoneKey, type ImportContactRow } from './contact-imports.js';

// A CSV import's rows wait in a temporary table of the import's transaction while the file is read,
// so the whole file is checked for duplicates in SQL and no process holds it (docs/architecture.md,
// "The contacts CSV import"). ON COMMIT DROP: nothing of it outlives the transaction.

/** One row of the file as staged: its contact when it passed the checks, else its errors. */
export interface StagedRow {
  /** The row's place in the file, from 1. */
  n: number;
  line: number;
  contact?: ImportContactRow;
  errors: { field: string; message: string }[];
}

/** What a row of the file duplicates: an existing contact (`id`) or an earlier row of the file (`line`). */
export interface StagedDuplicate {
  id: number | null;
  line: number | null;
  name: string;
  phone: string;
  city: string;
}

/** A staged row the dry run lists: one with errors, or a duplicate. */
export interface StagedProblem {
  line: number;
  errors: { field: string; message: string }[] | null;
  duplicateOf: StagedDuplicate | null;
}

/** Creates the staging table in `tx`, a transaction: it is dropped when that ends. */
export async function createImportStaging(tx: Sql): Promise<void> {
  await tx`
    CREATE TEMPORARY TABLE contact_import_rows (
      n integer PRIMARY KEY,
      line integer NOT NULL,
      errors jsonb,
      name text, phone text, specialty text, city text, region text, country text, latitude float8, longitude float8,
      contact_method text, telegram_username text, start_message text, special_instructions text, password_required boolean,
      is_whatsapp_only boolean, available_hours text, response_time text, languages jsonb, rating numeric, verified boolean,
      verified_at timestamptz, is_active boolean, is_master_of_medicine boolean, comments text,
      phone_key text, name_key text, city_key text,
      duplicate_id bigint,
      duplicate_n integer
    ) ON COMMIT DROP`;
}

/** Adds a batch of the file's rows to the staging table, in one statement. */
export async function stageImportRows(tx: Sql, rows: readonly StagedRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (contact: ImportContactRow) => T) => rows.map((row) => (row.contact ? pick(row.contact) : null));
  // postgres.js cannot send a boolean array (it serialises the server's bool[] type per element): send text.
  const flags = (pick: (contact: ImportContactRow) => boolean) => column((contact) => String(pick(contact)));
  await tx`
    INSERT INTO contact_import_rows (n, line, errors, name, phone, specialty, city, region, country, latitude, longitude,
      contact_method, telegram_username, start_message, special_instructions, password_required, is_whatsapp_only,
      available_hours, response_time, languages, rating, verified, verified_at, is_active, is_master_of_medicine, comments,
      phone_key, name_key, city_key)
    SELECT n, line, errors::jsonb, name, phone, specialty, city, region, country, latitude, longitude,
      contact_method, telegram_username, start_message, special_instructions, password_required, is_whatsapp_only,
      available_hours, response_time, languages::jsonb, rating, verified, verified_at, is_active, is_master_of_medicine, comments,
      nullif(phone_key, ''), lower(name), lower(city)
    FROM unnest(
      ${rows.map((row) => row.n)}::int[], ${rows.map((row) => row.line)}::int[],
      ${rows.map((row) => (row.contact ? null : JSON.stringify(row.errors)))}::text[],
      ${column((c) => c.name)}::text[], ${column((c) => c.phone)}::text[], ${column((c) => c.specialty)}::text[],
      ${column((c) => c.city)}::text[], ${column((c) => c.region)}::text[], ${column((c) => c.country)}::text[],
      ${column((c) => c.latitude)}::float8[], ${column((c) => c.longitude)}::float8[], ${column((c) => c.contactMethod)}::text[],
      ${column((c) => c.telegramUsername)}::text[], ${column((c) => c.startMessage)}::text[],
      ${column((c) => c.specialInstructions)}::text[], ${flags((c) => c.passwordRequired)}::text[]::boolean[],
      ${flags((c) => c.isWhatsappOnly)}::text[]::boolean[], ${column((c) => c.availableHours)}::text[],
      ${column((c) => c.responseTime)}::text[], ${column((c) => JSON.stringify(c.languages))}::text[],
      ${column((c) => c.rating)}::numeric[], ${flags((c) => c.verified)}::text[]::boolean[],
      ${column((c) => c.verifiedAt?.toISOString() ?? null)}::timestamptz[], ${flags((c) => c.isActive)}::text[]::boolean[],
      ${flags((c) => c.isMasterOfMedicine)}::text[]::boolean[], ${column((c) => c.comments)}::text[],
      ${column((c) => phoneKey(c.phone))}::text[]
    ) AS rows (n, line, errors, name, phone, specialty, city, region, country, latitude, longitude, contact_method,
      telegram_username, start_message, special_instructions, password_required, is_whatsapp_only, available_hours,
      response_time, languages, rating, verified, verified_at, is_active, is_master_of_medicine, comments, phone_key)`;
}

/**
 * Marks each staged contact that has the phone (phoneKey), or the name in the same city (without
 * case), of an existing contact (the lowest id, by phone before by place), or else of an earlier
 * row of the file that duplicates no existing contact (by phone before by place).
 */
export async function markStagedDuplicates(tx: Sql): Promise<void> {
  // Temporary tables have no statistics until asked: without them the joins below are planned blind.
  await tx`ANALYZE contact_import_rows`;
  // phone_normalized keeps an international "00": each key is looked up in both forms.
  await tx`
    WITH matches AS (
      SELECT s.n, m.id, true AS by_phone FROM contact_import_rows s JOIN medical_contacts m ON m.phone_normalized = s.phone_key
      UNION ALL
      SELECT s.n, m.id, true FROM contact_import_rows s JOIN medical_contacts m ON m.phone_normalized = '00' || s.phone_key
      UNION ALL
      SELECT s.n, m.id, false FROM contact_import_rows s
        JOIN medical_contacts m ON lower(m.name) = s.name_key AND lower(m.city) = s.city_key
    ), first AS (
      SELECT n, coalesce(min(id) FILTER (WHERE by_phone), min(id)) AS id FROM matches GROUP BY n
    )
    UPDATE contact_import_rows s SET duplicate_id = first.id FROM first WHERE s.n = first.n`;
  await tx`
    UPDATE contact_import_rows s
    SET duplicate_n = coalesce(CASE WHEN f.by_phone < s.n THEN f.by_phone END, CASE WHEN f.by_place < s.n THEN f.by_place END)
    FROM (
      SELECT n,
        CASE WHEN phone_key IS NOT NULL THEN min(n) OVER (PARTITION BY phone_key) END AS by_phone,
        min(n) OVER (PARTITION BY name_key, city_key) AS by_place
      FROM contact_import_rows WHERE errors IS NULL AND duplicate_id IS NULL
    ) f
    WHERE s.n = f.n AND (f.by_phone < s.n OR f.by_place < s.n)`;
}

/** How many staged rows there are, with errors, and duplicating something. */
export async function stagedCounts(tx: Sql): Promise<{ totalRows: number; errorRows: number; duplicateRows: number }> {
  const [counts] = await tx<{ totalRows: number; errorRows: number; duplicateRows: number }[]>`
    SELECT count(*)::int AS total_rows, count(*) FILTER (WHERE errors IS NOT NULL)::int AS error_rows,
      count(*) FILTER (WHERE duplicate_id IS NOT NULL OR duplicate_n IS NOT NULL)::int AS duplicate_rows
    FROM contact_import_rows`;
  return counts!;
}

/** The first `limit` staged rows with errors or duplicating something, in file order. */
export async function stagedProblems(tx: Sql, limit: number): Promise<StagedProblem[]> {
  return tx<StagedProblem[]>`
    SELECT s.line, s.errors,
      CASE WHEN m.id IS NOT NULL THEN jsonb_build_object('id', m.id, 'line', null, 'name', m.name, 'phone', m.phone, 'city', m.city)
        WHEN f.n IS NOT NULL THEN jsonb_build_object('id', null, 'line', f.line, 'name', f.name, 'phone', f.phone, 'city', f.city)
      END AS duplicate_of
    FROM contact_import_rows s
    LEFT JOIN medical_contacts m ON m.id = s.duplicate_id
    LEFT JOIN contact_import_rows f ON f.n = s.duplicate_n
    WHERE s.errors IS NOT NULL OR s.duplicate_id IS NOT NULL OR s.duplicate_n IS NOT NULL
    ORDER BY s.n LIMIT ${limit}`;
}

/**
 * Inserts the staged contacts of rows `after` < n ≤ `upTo` into the directory as the import's, in
 * file order, leaving duplicates out when asked; returns how many. A row ticked Verified without a
 * date is verified at the import's moment; a row with a date was verified then, whether or not it
 * is still (an export writes both). That verification is also the contact's last, by method import;
 * recordImportedVerifications records it as history.
 */
export async function insertStagedContacts(
  tx: Sql,
  importId: number,
  rows: { after: number; upTo: number; skipDuplicates: boolean },
  by: { userId: number | null; now: Date },
): Promise<number> {
  const result = await tx`
    INSERT INTO medical_contacts (name, phone, specialty, city, region, country, latitude, longitude, contact_method,
      telegram_username, start_message, special_instructions, password_required, is_whatsapp_only, available_hours,
      response_time, languages, rating, verified, verified_at, verified_by, is_active, is_master_of_medicine, comments,
      import_id, created_at, updated_at, last_verified_at, last_verification_outcome, last_verification_method)
    SELECT name, phone, specialty, city, region, country, latitude, longitude, contact_method,
      telegram_username, start_message, special_instructions, password_required, is_whatsapp_only, available_hours,
      response_time, ARRAY(SELECT jsonb_array_elements_text(languages)), rating, verified, verification.at,
      CASE WHEN verification.at IS NOT NULL THEN ${by.userId}::bigint END,
      is_active, is_master_of_medicine, comments, ${importId}::bigint, ${by.now}::timestamptz, ${by.now}::timestamptz,
      verification.at, CASE WHEN verification.at IS NOT NULL THEN 'confirmed' END, CASE WHEN verification.at IS NOT NULL THEN 'import' END
    FROM contact_import_rows
      CROSS JOIN LATERAL (SELECT coalesce(verified_at, CASE WHEN verified THEN ${by.now}::timestamptz END) AS at) verification
    WHERE n > ${rows.after} AND n <= ${rows.upTo} AND errors IS NULL
      AND NOT (${rows.skipDuplicates}::boolean AND (duplicate_id IS NOT NULL OR duplicate_n IS NOT NULL))
    ORDER BY n`;
  return result.count;
}
