import { z } from 'zod';
import { formatCount } from './plural.js';

/** The sentence for text over its limit, saying what to do. */
export const tooLong = (label: string, max: number) => `${label} can be at most ${formatCount(max, 'character')}. Shorten it.`;

/** Optional free text: trimmed, and null when blank (the console sends "" for empty inputs). `field` names it, as "firstName" or "First name". */
export function optionalText(field: string, max = 200) {
  return z
    .string({ error: `${fieldLabel(field)} must be text.` })
    .trim()
    .max(max, tooLong(fieldLabel(field), max))
    .nullish()
    .transform((value) => (value ? value : null));
}

const ID_RULE = 'The id in the address must be a whole number above 0. Go back to the list and open the record again.';
export const IdParamsSchema = z.object({
  id: z.coerce.number({ error: ID_RULE }).int(ID_RULE).positive(ID_RULE),
});
export type IdParams = z.infer<typeof IdParamsSchema>;

/** The answer of an action that returns nothing else. */
export const SuccessResponseSchema = z.object({ success: z.literal(true) });

/**
 * C0 control characters and DEL: never part of what a person types on one line. Postgres refuses NUL in
 * text outright (the statement fails); the others hide or garble what staff read.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
/** The same, but tab, newline and carriage return are allowed, as in multi-line text. */
// eslint-disable-next-line no-control-regex -- as above
export const CONTROL_CHARACTER_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * A field's dotted path as a person reads it, for messages the schemas did not word themselves:
 * "dailyLimit" is "Daily limit", "targetUsers.3" is "Target users", "groupId" is "Group ID".
 */
export function fieldLabel(path: string): string {
  const name = path.split('.').find((part) => !/^\d+$/.test(part)) ?? path;
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().replace(/\bid\b/g, 'ID');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The rule of a list's page number, as every paged list words it. */
export const PAGE_RULE = 'Page must be a whole number, 1 or more.';
/** The rule of a list's page size. */
export const pageSizeRule = (max: number) => `Page size must be a whole number from 1 to ${max}.`;

const EXPECTED_UPDATED_AT_RULE = 'Expected updated at must be the updatedAt of the record as the form loaded it: an ISO 8601 date and time.';
/**
 * A PATCH's `expectedUpdatedAt`: the `updatedAt` of the record as the form was opened. The save is
 * refused (409) when the record changed since; left out, the save goes through whatever happened.
 */
export const ExpectedUpdatedAtField = z.iso.datetime({ offset: true, error: EXPECTED_UPDATED_AT_RULE }).optional();
