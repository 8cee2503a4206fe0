import type postgres from 'postgres';
import { specialtyTaxonomy, type SpecialtyNames, type SpecialtyTaxonomy } from '../api/contract/specialties.js';
import type { Sql } from './database.js';
import { rethrowDuplicate } from './errors.js';

/** A specialty staff added (migration 048): its English name and its names in the bot's other languages. */
export interface AddedSpecialtyRecord {
  id: number;
  names: SpecialtyNames;
  createdAt: Date;
  updatedAt: Date;
}

interface Row {
  id: number;
  name: string;
  names: Omit<SpecialtyNames, 'en'>;
  createdAt: Date;
  updatedAt: Date;
}

const toRecord = ({ id, name, names, createdAt, updatedAt }: Row): AddedSpecialtyRecord => ({ id, names: { ...names, en: name }, createdAt, updatedAt });

const otherNames = ({ en: _english, ...names }: SpecialtyNames) => names as postgres.JSONValue;

const DUPLICATE_NAME = { specialties_name_key: 'names.en' };

/** The specialties staff added, by name. */
export async function listAddedSpecialties(sql: Sql): Promise<AddedSpecialtyRecord[]> {
  const rows = await sql<Row[]>`SELECT id, name, names, created_at, updated_at FROM specialties ORDER BY lower(name), id`;
  return rows.map(toRecord);
}

/** The taxonomy as it stands: the known specialties and those staff added. */
export async function loadSpecialtyTaxonomy(sql: Sql): Promise<SpecialtyTaxonomy> {
  return specialtyTaxonomy(await listAddedSpecialties(sql));
}

export async function findAddedSpecialty(sql: Sql, id: number): Promise<AddedSpecialtyRecord | undefined> {
  const [row] = await sql<Row[]>`SELECT id, name, names, created_at, updated_at FROM specialties WHERE id = ${id}`;
  return row && toRecord(row);
}

/** Adds a specialty; a name another has in any case throws DuplicateValueError('names.en'). */
export async function insertSpecialty(sql: Sql, names: SpecialtyNames, createdBy: number | null, now: Date): Promise<AddedSpecialtyRecord> {
  try {
    const [row] = await sql<Row[]>`
      INSERT INTO specialties (name, names, created_by, created_at, updated_at)
      VALUES (${names.en}, ${sql.json(otherNames(names))}, ${createdBy}, ${now}, ${now})
      RETURNING id, name, names, created_at, updated_at`;
    return toRecord(row!);
  } catch (error) {
    rethrowDuplicate(error, DUPLICATE_NAME);
  }
}

/**
 * Renames a specialty, and the contacts that have it with it (a contact stores the English name):
 * undefined when it does not exist. Returns how many contacts were renamed.
 */
export async function updateSpecialty(
  sql: Sql,
  id: number,
  names: SpecialtyNames,
  now: Date,
): Promise<{ record: AddedSpecialtyRecord; contactsRenamed: number } | undefined> {
  try {
    const [row] = await sql<(Row & { contactsRenamed: number })[]>`
      WITH previous AS (SELECT name FROM specialties WHERE id = ${id}),
      updated AS (
        UPDATE specialties SET name = ${names.en}, names = ${sql.json(otherNames(names))}, updated_at = ${now}
        WHERE id = ${id} RETURNING id, name, names, created_at, updated_at),
      renamed AS (
        UPDATE medical_contacts SET specialty = ${names.en}
        WHERE specialty = (SELECT name FROM previous) AND specialty <> ${names.en} RETURNING id)
      SELECT updated.*, (SELECT count(*)::int FROM renamed) AS contacts_renamed FROM updated`;
    return row && { record: toRecord(row), contactsRenamed: row.contactsRenamed };
  } catch (error) {
    rethrowDuplicate(error, DUPLICATE_NAME);
  }
}

/**
 * Deletes a specialty no contact has. `deleted: false` with the contacts that still have it (nothing
 * deleted), or undefined when it does not exist.
 */
export async function deleteUnusedSpecialty(sql: Sql, id: number): Promise<{ deleted: boolean; contacts: number; record: AddedSpecialtyRecord } | undefined> {
  const [row] = await sql<(Row & { contacts: number; deleted: boolean })[]>`
    WITH target AS (
      SELECT s.*, (SELECT count(*)::int FROM medical_contacts c WHERE c.specialty = s.name) AS contacts
      FROM specialties s WHERE s.id = ${id}),
    deleted AS (DELETE FROM specialties WHERE id IN (SELECT id FROM target WHERE contacts = 0) RETURNING id)
    SELECT target.id, target.name, target.names, target.created_at, target.updated_at, target.contacts,
      EXISTS (SELECT 1 FROM deleted) AS deleted
    FROM target`;
  return row && { deleted: row.deleted, contacts: row.contacts, record: toRecord(row) };
}

/** How many contacts have each of these specialties, most first. */
export async function countContactsWithSpecialties(sql: Sql, specialties: readonly string[]): Promise<{ specialty: string; contacts: number }[]> {
  if (specialties.length === 0) return [];
  return sql<{ specialty: string; contacts: number }[]>`
    SELECT specialty, count(*)::int AS contacts FROM medical_contacts WHERE specialty = ANY(${specialties as string[]}::text[])
    GROUP BY specialty ORDER BY contacts DESC, specialty`;
}

/** How many contacts have each specialty, by the specialty as stored (an empty one is none and left out). */
export async function contactsBySpecialtyName(sql: Sql): Promise<Map<string, number>> {
  const rows = await sql<{ specialty: string; contacts: number }[]>`
    SELECT specialty, count(*)::int AS contacts FROM medical_contacts WHERE specialty <> '' GROUP BY specialty`;
  return new Map(rows.map((row) => [row.specialty, row.contacts]));
}
