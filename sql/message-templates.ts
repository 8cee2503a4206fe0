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

/** The active template of a type (the most recently edited, if several are active). */
export async function findActiveTemplate(sql: Sql, type: TemplateType): Promise<StoredTemplate | undefined> {
  const [template] = await sql<StoredTemplate[]>`
    SELECT * FROM message_templates WHERE type = ${type} AND is_active
    ORDER BY updated_at DESC, id DESC LIMIT 1`;
  return template;
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
