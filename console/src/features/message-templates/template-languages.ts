import { languageName } from '@contract/languages.js';
import type { MessageTemplate } from '@contract/message-templates.js';
import { TEMPLATE_TYPE_LABELS } from './template-types.js';

/**
 * The toast line after a save that left a template active: the server deactivated the other active
 * one of its type and language, if there was one, so staff are not surprised to find it inactive.
 */
export function activeReplacementNote(template: MessageTemplate): string | undefined {
  return template.isActive
    ? `It is the active ${TEMPLATE_TYPE_LABELS[template.type]} template in ${languageName(template.language)}; any other one was deactivated.`
    : undefined;
}
