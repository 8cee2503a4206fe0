import { z } from 'zod';

export const TEMPLATE_TYPES = [
  'welcome',
  'location_result',
  'master_of_medicine',
  'location_confirmation',
  'error',
  'help',
  'rate_limit',
  'broadcast',
  'custom',
] as const;
export const TemplateTypeSchema = z.enum(TEMPLATE_TYPES);
export type TemplateType = z.infer<typeof TemplateTypeSchema>;

/** The placeholders the bot fills when it renders a template. */
export const KNOWN_TEMPLATE_VARIABLES = [
  'first_name',
  'last_name',
  'username',
  'daily_limit',
  'remaining',
  'reset_time',
  'city',
  'count',
  'radius_km',
  'error_message',
] as const;

/** The distinct {placeholder} names in a template, in order of first use. */
export function templateVariables(content: string): string[] {
  return [...new Set([...content.matchAll(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g)].map((match) => match[1]!))];
}
