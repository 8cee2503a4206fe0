import { errorMessage } from '../../lib/api-client.js';
import { notifyError, notifySuccess as showSuccess } from '../../lib/notify.js';

/** The spec §7 success toasts of notifications: the sentence is the title. */
export function notifySuccess(title: string): void {
  showSuccess(title);
}

/** A destructive toast: its fixed text, with the server's explanation beneath when it gave one. */
export function notifyFailure(error: unknown, title: string): void {
  const detail = errorMessage(error, '');
  notifyError(title, detail || undefined);
}
