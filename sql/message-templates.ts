import type { TemplateType } from '../api/contract/templates.js';
import type { Sql } from './database.js';

export interface StoredTemplate {
  id: number;
  name: string;
  type: TemplateType;
  content: string;
  variables: string[];
  isActive: boolean;
  usageCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** The active template of each of the types (the most recently edited, if several are active). */
export async function findActiveTemplates(sql: Sql, types: TemplateType[]): Promise<Map<TemplateType, StoredTemplate>> {
  const templates = await sql<StoredTemplate[]>`
    SELECT DISTINCT ON (type) * FROM message_templates
    WHERE type = ANY(${types}::text[]) AND is_active
    ORDER BY type, updated_at DESC, id DESC`;
  return new Map(templates.map((template) => [template.type, template]));
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
}

export async function insertTemplate(sql: Sql, template: NewTemplate): Promise<StoredTemplate> {
  const [created] = await sql<StoredTemplate[]>`INSERT INTO message_templates ${sql(template)} RETURNING *`;
  return created!;
}
