import { z } from 'zod';

/** Optional free text: trimmed, and null when blank (the console sends "" for empty inputs). */
export function optionalText(label: string, max = 200) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));
}

export const IdParamsSchema = z.object({
  id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').positive('id must be positive'),
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
