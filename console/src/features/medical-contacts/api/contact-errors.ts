import { DuplicateContactResponseSchema, type MedicalContact } from '@contract/medical-contacts.js';
import { ApiRequestError } from '../../../lib/api-client.js';

/** The existing contacts a 409 answer names, or undefined when the error is something else. */
export function duplicatesOf(error: unknown): MedicalContact[] | undefined {
  if (!(error instanceof ApiRequestError) || error.status !== 409) return undefined;
  const parsed = DuplicateContactResponseSchema.safeParse(error.body);
  return parsed.success ? parsed.data.duplicates : undefined;
}
