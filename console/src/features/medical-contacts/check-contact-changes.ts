import { readOpeningHours } from '@contract/opening-hours.js';
import { notifyError } from '../../lib/notify.js';
import { readFormPhone, type ContactFormValues } from './contact-form-values.js';

/**
 * Whether a form's changes may be sent: hours being changed must read (a refusal is said in a toast;
 * stored hours an edit leaves alone are not checked), and a phone being changed must be a number (the
 * phone field says why not). The edit dialog and the verification queue's corrections check alike.
 */
export function changesReadyToSend(changes: { availableHours?: string; phone?: string }, form: ContactFormValues): boolean {
  const hours = changes.availableHours === undefined ? null : readOpeningHours(changes.availableHours);
  if (hours?.kind === 'refused') {
    notifyError(hours.message);
    return false;
  }
  const phone = changes.phone === undefined ? undefined : readFormPhone(form);
  return !(phone && 'error' in phone);
}
