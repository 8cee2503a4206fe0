import type { MiddlewareFn } from 'grammy';
import { CONTROL_CHARACTER_IN_TEXT } from '../../api/contract/fields.js';
import type { BotContext } from '../context.js';

/** Half of a UTF-16 pair without its other half: JSON can carry one ("\ud800"), and PostgreSQL's jsonb refuses it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const UNREADABLE = new RegExp(`${CONTROL_CHARACTER_IN_TEXT.source}|${LONE_SURROGATE.source}`);
const EVERY_UNREADABLE = new RegExp(UNREADABLE.source, 'g');

function strip(value: object): void {
  const fields = value as Record<string, unknown>;
  // for…in over an update's own plain fields: no array of entries per object of every update.
  for (const key in fields) {
    const item = fields[key];
    if (typeof item === 'string') {
      if (UNREADABLE.test(item)) fields[key] = item.replace(EVERY_UNREADABLE, '');
    } else if (item && typeof item === 'object') {
      strip(item);
    }
  }
}

/**
 * Removes control characters (tab and line breaks aside) and halves of characters from every text of the
 * update — message text, names, titles — before anything logs, stores or searches it: Postgres refuses a NUL
 * in text and a lone surrogate in the log row's JSON (which would fail the row's whole batch), and a user who
 * typed one should get an answer, not "Something went wrong".
 */
export function stripControlCharacters(): MiddlewareFn<BotContext> {
  return (ctx, next) => {
    strip(ctx.update);
    return next();
  };
}
