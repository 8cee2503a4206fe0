import { BOT_TEMPLATE_TYPES, type TemplateType } from './contract/message-templates.js';
import type { AuditRecord } from './audited.js';
import { conflict } from './errors.js';
import type { Sql } from '../sql/database.js';
import { countOtherActiveTemplates, type StoredTemplate } from '../sql/message-templates.js';
import { getSystemSettings } from '../sql/settings.js';

// Message templates (spec §2.5): one active per type and language, and each type the bot replies with
// never without one in the default language.

const BOT_TYPES = new Set<TemplateType>(BOT_TEMPLATE_TYPES);

/**
 * Before a change that takes `template` out of the bot's active set, in its transaction: another
 * active template of its type must remain in the default language (locked against a racing change).
 * Other languages may go without: their users fall back to the default language's.
 */
export async function refuseLosingLastActive(tx: Sql, template: StoredTemplate): Promise<void> {
  if (!template.isActive || !BOT_TYPES.has(template.type)) return;
  const { defaultLanguage } = await getSystemSettings(tx);
  if (template.language === defaultLanguage && (await countOtherActiveTemplates(tx, template.type, defaultLanguage, template.id)) === 0) {
    throw conflict(`The bot needs an active ${template.type} template: activate another one first`);
  }
}

/** The audit rows that say why each deactivated template went inactive: the template `by` replaced it. */
export function replacedRecords(deactivated: number[], by: number): AuditRecord[] {
  return deactivated.map((id) => ({ action: 'message-template.update', targetId: id, after: { isActive: false, replacedBy: by } }));
}
