import { z } from 'zod';

/** Every non-2xx answer of the API has this shape. */
export const ErrorResponseSchema = z.object({
  error: z.string(),
  message: z.string(),
  /** The field the message is about (a validation error's first), by its dotted path: forms show the message beside it. */
  field: z.string().optional(),
  /** Per-field messages of a validation error, keyed by the field's dotted path. */
  fields: z.record(z.string(), z.string()).optional(),
  /** Per-field values the person more likely meant (hours "Mon-Fri 9-5" → "Mo-Fr 09:00-17:00"), for a form to offer in one click. */
  suggestions: z.record(z.string(), z.string()).optional(),
  /** Seconds until the request may be tried again (rate limits, lockouts). */
  retryAfter: z.number().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
