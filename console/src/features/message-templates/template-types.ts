import type { TemplateType } from '@contract/message-templates.js';

/** How each template type is named on screen. */
export const TEMPLATE_TYPE_LABELS: Record<TemplateType, string> = {
  welcome: 'Welcome',
  location_result: 'Location result',
  master_of_medicine: 'Master of Medicine',
  location_confirmation: 'Location confirmation',
  error: 'Error',
  help: 'Help',
  rate_limit: 'Rate limit',
  broadcast: 'Broadcast',
  custom: 'Custom',
};
