import { z } from 'zod';
import { CONTACT_FIELD_SCHEMAS } from './medical-contacts.js';
import { PROPOSAL_FIELD_LABELS, PROPOSAL_FIELDS } from './self-confirmation.js';

/**
 * POST /api/proposed-corrections/{id}/accept, apart from api/contract/self-confirmation.ts: the console
 * imports only its types, so zod's discriminated unions stay out of the console's sign-in bundle
 * (test/e2e/console-budget.test.ts), where every zod feature the console uses is loaded.
 */

const { phone, city, region, country, latitude, longitude, availableHours, specialty, languages } = CONTACT_FIELD_SCHEMAS;
const ADDRESS_RULE = 'Address needs at least one of city, region, country, latitude and longitude.';

/**
 * One field accepted, with its value as staff left it (they may edit the contact's words first), checked
 * as the contact form checks it. The address is the contact's place; closed deactivates the contact.
 */
export const AcceptedFieldSchema = z.discriminatedUnion(
  'field',
  [
    z.object({ field: z.literal('phone'), value: phone }),
    z.object({
      field: z.literal('address'),
      value: z
        .object({ city: city.optional(), region: region.optional(), country: country.optional(), latitude: latitude.optional(), longitude: longitude.optional() })
        .refine((place) => Object.values(place).some((value) => value !== undefined), ADDRESS_RULE),
    }),
    z.object({ field: z.literal('hours'), value: availableHours }),
    z.object({ field: z.literal('specialty'), value: specialty }),
    z.object({ field: z.literal('languages'), value: languages }),
    z.object({ field: z.literal('closed') }),
  ],
  { error: `Field must be one of ${PROPOSAL_FIELDS.join(', ')}.` },
);
export type AcceptedField = z.infer<typeof AcceptedFieldSchema>;

export const PROPOSAL_RULES = {
  noFields: 'Choose at least one field to accept, or reject the proposal.',
  twice: (field: string) => `${field} is accepted twice. Send each field once.`,
  notProposed: (field: string) => `The contact did not propose a change of ${field}. Accept only the fields they proposed.`,
  resolved: 'This proposal was already accepted or rejected. Reload the list.',
} as const;

/** POST /api/proposed-corrections/{id}/accept: the fields accepted; the others are rejected with it. */
export const AcceptCorrectionSchema = z
  .object({ fields: z.array(AcceptedFieldSchema).min(1, PROPOSAL_RULES.noFields) })
  .superRefine((body, context) => {
    const seen = new Set<string>();
    body.fields.forEach((accepted, index) => {
      if (seen.has(accepted.field)) context.addIssue({ code: 'custom', path: ['fields', index, 'field'], message: PROPOSAL_RULES.twice(PROPOSAL_FIELD_LABELS[accepted.field]) });
      seen.add(accepted.field);
    });
  });
export type AcceptCorrection = z.infer<typeof AcceptCorrectionSchema>;
