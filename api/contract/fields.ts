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
