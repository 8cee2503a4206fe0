import type { ContactImport } from '../api/contract/contact-import.js';
import type { ContactFilter, CreateContact, MedicalContact } from '../api/contract/medical-contacts.js';
import { contactWhere, toMedicalContact, withVerifier, type MedicalContactRecord } from './medical-contacts.js';
import type { Sql } from './database.js';
import { transaction } from './transaction.js';

/** A contact as an import inserts it; `verifiedAt` is its row's own verification date, kept with Verified ticked or not. */
export interface ImportContactRow extends Omit<CreateContact, 'allowDuplicate' | 'verificationMethod'> {
  verifiedAt: Date | null;
}

/**
 * A phone's digits with an international "00" prefix dropped, so "+44 20 7946 0000" and
 * "0044-20-79460000" compare equal (phone_normalized keeps the 00: look up both forms).
 */
export function phoneKey(phone: string): string {
  return phone.replace(/[^0-9]/g, '').replace(/^00/, '');
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

interface ImportRecord extends Omit<ContactImport, 'createdAt' | 'finishedAt' | 'undoneAt'> {
  createdAt: Date;
  finishedAt: Date | null;
  undoneAt: Date | null;
}

const toContactImport = (row: ImportRecord): ContactImport => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  finishedAt: iso(row.finishedAt),
  undoneAt: iso(row.undoneAt),
});

/** Records a new import as running; returns it. */
export async function createContactImport(
  sql: Sql,
  values: { fileName: string | null; createdBy: number | null; totalRows: number; createdAt: Date },
): Promise<ContactImport> {
  const [row] = await sql<{ id: number }[]>`
    INSERT INTO contact_imports (file_name, created_by, total_rows, created_at)
    VALUES (${values.fileName}, ${values.createdBy}, ${values.totalRows}, ${values.createdAt})
    RETURNING id`;
  return (await findContactImport(sql, row!.id))!;
}

function selectImports(sql: Sql) {
  return sql`
    SELECT i.id, i.file_name, u.username AS created_by, i.status, i.total_rows, i.processed_rows, i.imported_rows,
      i.skipped_rows, i.error_message, i.created_at, i.finished_at, i.undone_at
    FROM contact_imports i LEFT JOIN admin_users u ON u.id = i.created_by`;
}

export async function findContactImport(sql: Sql, id: number): Promise<ContactImport | undefined> {
  const [row] = await sql<ImportRecord[]>`${selectImports(sql)} WHERE i.id = ${id}`;
  return row && toContactImport(row);
}

/** The most recent imports first. */
export async function listContactImports(sql: Sql, limit = 50): Promise<ContactImport[]> {
  const rows = await sql<ImportRecord[]>`${selectImports(sql)} ORDER BY i.id DESC LIMIT ${limit}`;
  return rows.map(toContactImport);
}

/** The distinct places of an import's contacts that have no coordinates, for geocoding. */
export async function importedPlacesWithoutCoordinates(sql: Sql, importId: number): Promise<{ city: string; region: string; country: string }[]> {
  return sql<{ city: string; region: string; country: string }[]>`
    SELECT DISTINCT city, region, country FROM medical_contacts WHERE import_id = ${importId} AND latitude IS NULL`;
}

/** Gives an import's contacts at this place, still without coordinates, these: their city's centre, so approximate. */
export async function setImportedPlaceCoordinates(
  sql: Sql,
  importId: number,
  place: { city: string; region: string; country: string },
  point: { latitude: number; longitude: number },
): Promise<void> {
  await sql`
    UPDATE medical_contacts SET latitude = ${point.latitude}, longitude = ${point.longitude}, location_approximate = true
    WHERE import_id = ${importId} AND latitude IS NULL
      AND city = ${place.city} AND region = ${place.region} AND country = ${place.country}`;
}

/** Marks an import completed with its counts (inside the import's transaction). */
export async function completeContactImport(
  sql: Sql,
  id: number,
  counts: { totalRows: number; processedRows: number; importedRows: number; skippedRows: number },
  now: Date,
): Promise<void> {
  await sql`
    UPDATE contact_imports SET status = 'completed', total_rows = ${counts.totalRows}, processed_rows = ${counts.processedRows},
      imported_rows = ${counts.importedRows}, skipped_rows = ${counts.skippedRows}, finished_at = ${now}
    WHERE id = ${id}`;
}

/** Forgets an import whose file was refused before anything was read into the directory. */
export async function discardContactImport(sql: Sql, id: number): Promise<void> {
  await sql`DELETE FROM contact_imports WHERE id = ${id}`;
}

/** Marks an import failed: none of its contacts were kept. */
export async function failContactImport(sql: Sql, id: number, message: string, now: Date): Promise<void> {
  await sql`
    UPDATE contact_imports SET status = 'failed', imported_rows = 0, error_message = ${message}, finished_at = ${now}
    WHERE id = ${id}`;
}

/** Imports left running by a process that stopped: their transaction was rolled back. */
export async function failAbandonedImports(sql: Sql, now: Date): Promise<void> {
  await sql`
    UPDATE contact_imports SET status = 'failed', imported_rows = 0, finished_at = ${now},
      error_message = 'The server stopped before the import finished; nothing was imported'
    WHERE status = 'running'`;
}

export type UndoResult =
  | { outcome: 'undone'; recordsAffected: number }
  | { outcome: 'not-found' }
  | { outcome: 'not-undoable'; status: ContactImport['status'] };

/** Deletes the contacts an import added (those that still carry its id) and marks it undone. */
export async function undoContactImport(sql: Sql, id: number, by: { userId: number | null; now: Date }): Promise<UndoResult> {
  return transaction(sql, async (tx) => {
    const [found] = await tx<{ status: ContactImport['status'] }[]>`SELECT status FROM contact_imports WHERE id = ${id} FOR UPDATE`;
    if (!found) return { outcome: 'not-found' as const };
    if (found.status !== 'completed') return { outcome: 'not-undoable' as const, status: found.status };
    const deleted = await tx`DELETE FROM medical_contacts WHERE import_id = ${id}`;
    await tx`UPDATE contact_imports SET status = 'undone', undone_at = ${by.now}, undone_by = ${by.userId} WHERE id = ${id}`;
    return { outcome: 'undone' as const, recordsAffected: deleted.count };
  }) as Promise<UndoResult>;
}

/** Every contact matching the filter, by name, read through a cursor of `batchSize` rows. */
export async function* contactsForExport(sql: Sql, filter: ContactFilter, now: Date, batchSize = 1000): AsyncGenerator<MedicalContact> {
  const { condition: where } = await contactWhere(sql, filter, now);
  const cursor = sql<MedicalContactRecord[]>`
    ${withVerifier(sql, sql`(SELECT * FROM medical_contacts WHERE ${where})`)}
    ORDER BY lower(c.name), c.id`.cursor(batchSize);
  for await (const rows of cursor) {
    for (const row of rows) yield toMedicalContact(row, now);
  }
}
