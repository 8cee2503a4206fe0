import type { ContactImport, ImportPreviewRow } from './contract/contact-import.js';
import type { ParsedRow } from './contact-csv.js';
import { outsideCountryRefusals } from './outside-country.js';
import type { Sql } from '../sql/database.js';
import {
  completeContactImport,
  findDuplicateCandidates,
  importedPlacesWithoutCoordinates,
  insertImportedContacts,
  phoneKey,
  setImportedPlaceCoordinates,
  type ImportContactRow,
} from '../sql/contact-imports.js';
import { geocodeContactPlace, type ContactActor } from '../sql/medical-contacts.js';
import { recordImportedVerifications } from '../sql/contact-verifications.js';

// The CSV import's rules (spec §2.7): what a file's rows are checked for, the preview and the
// import alike, and how the checked rows are written.

/** Rows inserted per statement. */
const BATCH_SIZE = 1000;

type Duplicate = NonNullable<ImportPreviewRow['duplicateOf']>;
export interface CheckedRow extends ParsedRow {
  duplicateOf?: Duplicate;
}

/**
 * Marks each valid row that has the normalised phone, or the name in the same city, of an existing
 * contact or of an earlier valid row of the file.
 */
async function markDuplicates(sql: Sql, rows: ParsedRow[]): Promise<CheckedRow[]> {
  const valid = rows.filter((row) => row.contact);
  const phones = [...new Set(valid.map((row) => phoneKey(row.contact!.phone)).filter(Boolean))];
  const nameCities = new Map(valid.map((row) => [nameCityKey(row.contact!), row.contact!] as const));
  const candidates = await findDuplicateCandidates(sql, {
    phones,
    names: [...nameCities.values()].map((contact) => contact.name.toLowerCase()),
    cities: [...nameCities.values()].map((contact) => contact.city.toLowerCase()),
  });
  const byPhone = new Map<string, Duplicate>();
  const byNameCity = new Map<string, Duplicate>();
  for (const candidate of candidates.sort((a, b) => a.id - b.id)) {
    const existing = { id: candidate.id, line: null, name: candidate.name, phone: candidate.phone, city: candidate.city };
    const phone = phoneKey(candidate.phone);
    if (phone && !byPhone.has(phone)) byPhone.set(phone, existing);
    const key = nameCityKey(candidate);
    if (!byNameCity.has(key)) byNameCity.set(key, existing);
  }
  return rows.map((row) => {
    if (!row.contact) return row;
    const phone = phoneKey(row.contact.phone);
    const key = nameCityKey(row.contact);
    const duplicateOf = (phone ? byPhone.get(phone) : undefined) ?? byNameCity.get(key);
    if (duplicateOf) return { ...row, duplicateOf };
    // The first row with this phone or name and city is the original; later ones duplicate it.
    const self = { id: null, line: row.line, name: row.contact.name, phone: row.contact.phone, city: row.contact.city };
    if (phone) byPhone.set(phone, self);
    byNameCity.set(key, self);
    return row;
  });
}

/** Rows whose coordinates lie outside their country become errors: a file cannot confirm them, as the form can. */
async function refuseOutsideCountry(sql: Sql, rows: ParsedRow[]): Promise<ParsedRow[]> {
  const placed = rows.flatMap(({ contact }, index) =>
    contact && contact.latitude !== null && contact.longitude !== null ? [{ index, latitude: contact.latitude, longitude: contact.longitude, country: contact.country }] : [],
  );
  const refusals = await outsideCountryRefusals(sql, placed);
  const refused = new Map(placed.flatMap((point, at) => (refusals[at] ? [[point.index, refusals[at]] as const] : [])));
  return rows.map((row, index) => {
    const message = refused.get(index);
    return message ? { line: row.line, errors: [{ field: 'location', message }] } : row;
  });
}

function nameCityKey(contact: { name: string; city: string }): string {
  return `${contact.name.toLowerCase()}\u0000${contact.city.toLowerCase()}`;
}

/** How the preview lists a checked row. */
export function previewRow(row: CheckedRow): ImportPreviewRow {
  if (!row.contact) return { line: row.line, status: 'error', errors: row.errors };
  if (row.duplicateOf) return { line: row.line, status: 'duplicate', errors: [], duplicateOf: row.duplicateOf };
  return { line: row.line, status: 'ok', errors: [] };
}

/** A file's rows checked: coordinates outside their country refused, duplicates marked. */
export async function checkRows(sql: Sql, rows: ParsedRow[]): Promise<CheckedRow[]> {
  return markDuplicates(sql, await refuseOutsideCountry(sql, rows));
}

/**
 * Writes an import's rows in `tx`, batch by batch, counting them on `record` as they go (the console
 * reads the counts while the transaction hides the rows), records the rows' verifications as history
 * by `actor`, then gives the contacts without coordinates their place's, and completes the import.
 * Returns what the audit log records of it.
 */
export async function importRows(
  tx: Sql,
  record: ContactImport,
  rows: ParsedRow[],
  options: { skipDuplicates: boolean; by: { userId: number | null; now: Date }; actor: ContactActor; now: () => Date },
): Promise<{ fileName: string | null; totalRows: number; importedRows: number; skippedRows: number }> {
  const checked = await checkRows(tx, rows);
  for (let start = 0; start < checked.length; start += BATCH_SIZE) {
    const batch = checked.slice(start, start + BATCH_SIZE);
    const contacts = batch.filter((row) => row.contact && !(options.skipDuplicates && row.duplicateOf)).map((row) => row.contact as ImportContactRow);
    const inserted = await insertImportedContacts(tx, record.id, contacts, options.by);
    record.processedRows += batch.length;
    record.importedRows += inserted;
    record.skippedRows += batch.length - inserted;
  }
  // A row's verification is history like any other, audited with the import.
  await recordImportedVerifications(tx, record.id, { at: options.by.now, actor: options.actor });
  // As when a contact is added by hand: no coordinates, the gazetteer's clear match if there is one.
  for (const place of await importedPlacesWithoutCoordinates(tx, record.id)) {
    const point = await geocodeContactPlace(tx, place);
    if (point) await setImportedPlaceCoordinates(tx, record.id, place, point);
  }
  await completeContactImport(tx, record.id, record, options.now());
  return { fileName: record.fileName, totalRows: record.totalRows, importedRows: record.importedRows, skippedRows: record.skippedRows };
}
