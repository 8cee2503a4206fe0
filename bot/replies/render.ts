/** Cutting rendered Telegram HTML into messages Telegram accepts. */
import { TELEGRAM_MESSAGE_LIMIT } from '../../api/contract/message-templates.js';

/** Splits a long message on line boundaries into parts Telegram accepts (a lone long line is cut). */
export function splitMessage(text: string, limit = TELEGRAM_MESSAGE_LIMIT): string[] {
  if (text.length <= limit) return [text];
  const parts: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    const candidate = current ? `${current}\n${line}` : line;
    if (candidate.length <= limit) {
      current = candidate;
      continue;
    }
    if (current) parts.push(current);
    let rest = line;
    while (rest.length > limit) {
      parts.push(rest.slice(0, limit));
      rest = rest.slice(limit);
    }
    current = rest;
  }
  if (current) parts.push(current);
  return parts;
}

/**
 * Packs whole sections (a header, one contact…) into as few messages as fit, so a message never
 * ends inside a section's markup; only a section longer than a message is split by lines.
 */
export function packSections(sections: string[], limit = TELEGRAM_MESSAGE_LIMIT, separator = '\n\n'): string[] {
  const messages: string[] = [];
  let current = '';
  for (const section of sections.flatMap((section) => splitMessage(section, limit))) {
    const candidate = current ? `${current}${separator}${section}` : section;
    if (candidate.length <= limit) {
      current = candidate;
    } else {
      messages.push(current);
      current = section;
    }
  }
  if (current) messages.push(current);
  return messages;
}
