import { errorMessage } from '../../lib/api-client.js';
import { notifyError, notifySuccess as showSuccess } from '../../lib/notify.js';

/** The spec §8 success toasts of the broadcast screen: the sentence is the title. */
export function notifySuccess(title: string): void {
  showSuccess(title);
}

/** A validation message of spec §5, shown as a destructive toast. */
export function notifyInvalid(message: string): void {
  notifyError(message);
}

/**
 * The spec §8 failure toasts: "Failed to send broadcast: {server message}". When the server gave
 * no message (the connection dropped), the request's own error says what happened.
 */
export function notifyFailure(error: unknown, prefix: string): void {
  const fallback = error instanceof Error ? error.message : 'unknown error';
  notifyError(`${prefix}: ${errorMessage(error, fallback)}`);
}
