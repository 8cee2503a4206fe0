import { errorMessage } from '../../lib/api-client.js';
import { notifyError, notifySuccess as showSuccess } from '../../lib/notify.js';

/** The spec §8 success toasts of groups and the whitelist: the sentence is the title. */
export function notifySuccess(title: string): void {
  showSuccess(title);
}

/** The spec §8 failure toast: its fixed text, with the server's message beneath when it gave one. */
export function notifyFailure(error: unknown, title: string): void {
  notifyError(title, errorMessage(error, '') || undefined);
}
