/** Turning templates and data into Telegram HTML messages. */

export const TELEGRAM_MESSAGE_LIMIT = 4096;

/** Escapes text for Telegram's HTML parse mode. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export type TemplateValues = Record<string, string | number | undefined | null>;

/**
 * Fills {placeholders} with escaped values; an unknown placeholder renders as empty. The
 * template itself is staff-written Telegram HTML and is kept as it is.
 */
export function renderTemplate(content: string, values: TemplateValues): string {
  return content.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g, (_match, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? '' : escapeHtml(String(value));
  });
}

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
