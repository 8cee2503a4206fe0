import type { FastifyInstance } from 'fastify';
import { CONTROL_CHARACTER, CONTROL_CHARACTER_IN_TEXT, fieldLabel } from '../contract/fields.js';
import { ApiError } from '../errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Takes text as another system sent it (Telegram's updates): control characters are the bot's to strip, not a reason to refuse. */
    acceptsControlCharacters?: boolean;
  }
}

/**
 * Dotted paths (as validation errors name fields) of the strings, and names, in `root` that hold a refused
 * character. Walked with a list, not recursion: a body may nest thousands of levels deep.
 */
function fieldsWithControlCharacters(root: unknown, refused: RegExp, rootName: string): string[] {
  const found: string[] = [];
  const pending: { value: unknown; path: string }[] = [{ value: root, path: '' }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, path } = next;
    if (typeof value === 'string') {
      if (refused.test(value)) found.push(path || rootName);
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (refused.test(key)) found.push(path || rootName);
        else pending.push({ value: item, path: path ? `${path}.${key}` : key });
      }
    }
  }
  return found.reverse();
}

/**
 * Refuses, with a 400 naming each field, any request whose path parameters, query string or body hold a
 * control character: checked here once for every route, before the route's own validation, so no such
 * text reaches the database (where a NUL would fail the statement) or a page.
 */
export function installControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.acceptsControlCharacters) return;
    // Bodies carry multi-line text (templates, notes, CSV): tab, newline and carriage return are allowed there.
    const fields = [
      ...fieldsWithControlCharacters(request.params, CONTROL_CHARACTER, 'params'),
      ...fieldsWithControlCharacters(request.query, CONTROL_CHARACTER, 'query'),
      ...fieldsWithControlCharacters(request.body, CONTROL_CHARACTER_IN_TEXT, 'body'),
    ];
    if (fields.length === 0) return;
    const byField = Object.fromEntries(fields.map((field) => [field, `${fieldLabel(field)} contains a control character (such as NUL). Retype it, or paste it as plain text.`]));
    const [first] = fields;
    throw new ApiError(400, byField[first!]!, { field: first, fields: byField });
  });
}
