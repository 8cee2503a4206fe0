import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type LanguageCode } from '../api/contract/languages.js';
import { TEMPLATE_TYPES, type TemplateType } from '../api/contract/message-templates.js';
import type { Sql } from './database.js';

export interface StoredTemplate {
  id: number;
  name: string;
  type: TemplateType;
  language: LanguageCode;
  content: string;
  variables: string[];
  isActive: boolean;
  usageCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Counts real uses of templates (each id as many times as it appears). */
export async function countTemplateUses(sql: Sql, templateIds: number[]): Promise<void> {
  if (templateIds.length === 0) return;
  await sql`
    UPDATE message_templates t SET usage_count = usage_count + uses.n
    FROM (SELECT id, count(*) AS n FROM unnest(${templateIds}::bigint[]) AS id GROUP BY id) AS uses
    WHERE t.id = uses.id`;
}

export interface NewTemplate {
  name: string;
  type: TemplateType;
  content: string;
  variables: string[];
  isActive: boolean;
  /** The language the template is written in; English unless told (the column's default). */
  language?: LanguageCode;
}

export async function insertTemplate(sql: Sql, template: NewTemplate): Promise<StoredTemplate> {
  const [created] = await sql<StoredTemplate[]>`INSERT INTO message_templates ${sql(template)} RETURNING *`;
  return created!;
}

/** Whether a type has an active template in a language. */
export async function hasActiveTemplate(sql: Sql, type: TemplateType, language: LanguageCode): Promise<boolean> {
  const [active] = await sql`SELECT 1 FROM message_templates WHERE type = ${type} AND language = ${language} AND is_active`;
  return active !== undefined;
}

/** The active templates of a type: at most one per language (the one-active-per-type-and-language index). */
export async function listActiveTemplatesOfType(sql: Sql, type: TemplateType): Promise<StoredTemplate[]> {
  return sql<StoredTemplate[]>`SELECT * FROM message_templates WHERE type = ${type} AND is_active ORDER BY language`;
}

export interface TemplateFilter {
  search?: string;
  type?: TemplateType;
  language?: LanguageCode;
}

/**
 * Templates matching the filter (name or content contains the search), grouped by type in
 * TEMPLATE_TYPES' order, each type's default language first and the others in LANGUAGE_CODES'
 * order, newest edits first within a language (spec §2.5).
 */
export async function listTemplates(sql: Sql, filter: TemplateFilter = {}, defaultLanguage: LanguageCode = DEFAULT_LANGUAGE): Promise<StoredTemplate[]> {
  const pattern = filter.search ? `%${filter.search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  return sql<StoredTemplate[]>`
    SELECT * FROM message_templates
    WHERE true
      ${filter.type ? sql`AND type = ${filter.type}` : sql``}
      ${filter.language ? sql`AND language = ${filter.language}` : sql``}
      ${pattern ? sql`AND (name ILIKE ${pattern} OR content ILIKE ${pattern})` : sql``}
    ORDER BY array_position(${TEMPLATE_TYPES}::text[], type), language = ${defaultLanguage} DESC,
      array_position(${LANGUAGE_CODES}::text[], language), updated_at DESC, id DESC`;
}

export async function findTemplate(sql: Sql, id: number): Promise<StoredTemplate | undefined> {
  const [template] = await sql<StoredTemplate[]>`SELECT * FROM message_templates WHERE id = ${id}`;
  return template;
}

export type TemplateChanges = Partial<NewTemplate>;

export async function updateTemplate(sql: Sql, id: number, changes: TemplateChanges): Promise<StoredTemplate | undefined> {
  const columns = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
  if (Object.keys(columns).length === 0) return findTemplate(sql, id);
  const [updated] = await sql<StoredTemplate[]>`
    UPDATE message_templates SET ${sql(columns)}, updated_at = now() WHERE id = ${id} RETURNING *`;
  return updated;
}

export async function deleteTemplate(sql: Sql, id: number): Promise<boolean> {
  const deleted = await sql`DELETE FROM message_templates WHERE id = ${id} RETURNING id`;
  return deleted.length > 0;
}

/**
 * How many active templates of the type and language there are besides this one; locks them, so two
 * changes cannot each leave the other as the last one (call inside a transaction).
 */
export async function countOtherActiveTemplates(sql: Sql, type: TemplateType, language: LanguageCode, exceptId: number): Promise<number> {
  const rows = await sql`
    SELECT id FROM message_templates WHERE type = ${type} AND language = ${language} AND is_active AND id <> ${exceptId} FOR UPDATE`;
  return rows.length;
}

/**
 * Deactivates the active template of this type and language other than this one, so the one being
 * activated can take its place under the one-active-per-type-and-language index (call inside a
 * transaction, before the write that activates). Returns the ids deactivated.
 */
export async function deactivateOtherActiveTemplate(
  sql: Sql,
  type: TemplateType,
  language: LanguageCode,
  exceptId: number | undefined,
): Promise<number[]> {
  // Two activations of the same type and language at once would each find nothing to deactivate and
  // the second would then break the unique index: the lock makes the second wait and see the first.
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`message_templates:${type}:${language}`}))`;
  const rows = await sql<{ id: number }[]>`
    UPDATE message_templates SET is_active = false, updated_at = now()
    WHERE type = ${type} AND language = ${language} AND is_active ${exceptId === undefined ? sql`` : sql`AND id <> ${exceptId}`}
    RETURNING id`;
  return rows.map((row) => row.id);
}

/** Per template type, the languages of `offered` that have no active template, in the order offered. */
export async function missingTemplateLanguages(
  sql: Sql,
  types: readonly TemplateType[],
  offered: readonly LanguageCode[],
): Promise<{ type: TemplateType; missing: LanguageCode[] }[]> {
  const active = await sql<{ type: TemplateType; language: LanguageCode }[]>`
    SELECT DISTINCT type, language FROM message_templates WHERE is_active AND type = ANY (${types as TemplateType[]})`;
  const covered = new Set(active.map((row) => `${row.type}/${row.language}`));
  return types.map((type) => ({ type, missing: offered.filter((language) => !covered.has(`${type}/${language}`)) }));
}

export interface PreviewUserRecord {
  telegramId: number;
  firstName: string;
  lastName: string | null;
  username: string | null;
}

/** Bot users whose values a template preview can use, matched by name, username or id. */
export async function searchPreviewUsers(sql: Sql, search: string | undefined, limit = 20): Promise<PreviewUserRecord[]> {
  const pattern = search ? `%${search.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  return sql<PreviewUserRecord[]>`
    SELECT telegram_id, first_name, last_name, username FROM telegram_users
    ${pattern
      ? sql`WHERE first_name ILIKE ${pattern} OR last_name ILIKE ${pattern} OR username ILIKE ${pattern} OR telegram_id::text LIKE ${pattern}`
      : sql``}
    ORDER BY last_seen DESC NULLS LAST, telegram_id
    LIMIT ${limit}`;
}

export async function findPreviewUser(sql: Sql, telegramId: number): Promise<PreviewUserRecord | undefined> {
  const [user] = await sql<PreviewUserRecord[]>`
    SELECT telegram_id, first_name, last_name, username FROM telegram_users WHERE telegram_id = ${telegramId}`;
  return user;
}
