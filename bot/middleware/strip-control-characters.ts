import type { MiddlewareFn } from 'grammy';
import { CONTROL_CHARACTER_IN_TEXT } from '../../api/contract/fields.js';
import type { BotContext } from '../context.js';

const EVERY_CONTROL_CHARACTER = new RegExp(CONTROL_CHARACTER_IN_TEXT.source, 'g');

function strip(value: object): void {
  const fields = value as Record<string, unknown>;
  // for…in over an update's own plain fields: no array of entries per object of every update.
  for (const key in fields) {
    const item = fields[key];
    if (typeof item === 'string') {
      if (CONTROL_CHARACTER_IN_TEXT.test(item)) fields[key] = item.replace(EVERY_CONTROL_CHARACTER, '');
    } else if (item && typeof item === 'object') {
      strip(item);
    }
  }
}

/**
 * Removes control characters (tab and line breaks aside) from every text of the update — message text,
 * names, titles — before anything logs, stores or searches it: Postgres refuses a NUL in text, and a
 * user who typed one should get an answer, not "Something went wrong".
 */
export function stripControlCharacters(): MiddlewareFn<BotContext> {
  return (ctx, next) => {
    strip(ctx.update);
    return next();
  };
}
