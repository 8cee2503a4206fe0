import { toast } from 'sonner';
import { errorMessage } from '../../lib/api-client.js';
import { notifyError as showError, notifySuccess as showSuccess } from '../../lib/notify.js';

/*
 * Spec §9 allows only one visible toast on the User Management screen, so each new outcome
 * replaces whatever was showing rather than stacking under it.
 */

export function notifySuccess(title: string, description: string): void {
  toast.dismiss();
  showSuccess(title, description);
}

export function notifyError(title: string, description: string): void {
  toast.dismiss();
  showError(title, description);
}

/** The spec §8 failure toast: titled "Error", with the server's message or the fallback. */
export function notifyFailure(error: unknown, fallback: string): void {
  notifyError('Error', errorMessage(error, fallback));
}
