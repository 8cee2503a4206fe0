import { toast, type ExternalToast } from 'sonner';
import { errorMessage } from './api-client.js';

export interface NotifyOptions {
  /** Replace whatever toast is showing rather than stack under it (spec §9: one toast at a time on User Management). */
  alone?: boolean;
}

/** The id of the `alone` toast on screen, until it starts to leave. */
let shownAloneId: string | undefined;
let aloneToastsMade = 0;

/**
 * An `alone` toast updates the one on screen in place, so two are never shown together. The others are
 * dismissed by id, never the shown one: sonner applies a dismissal on the next animation frame but a new
 * toast on a timeout, so dismissing the id it is about to update could remove the new text. A toast that
 * has begun to leave is not updated (its exit would take the new text with it): the next one starts afresh.
 */
function aloneToastOptions(): ExternalToast {
  for (const shown of toast.getToasts()) if (shown.id !== shownAloneId) toast.dismiss(shown.id);
  if (shownAloneId === undefined) {
    aloneToastsMade += 1;
    shownAloneId = `alone-${aloneToastsMade}`;
  }
  const id = shownAloneId;
  const leaving = () => {
    if (shownAloneId === id) shownAloneId = undefined;
  };
  return { id, onAutoClose: leaving, onDismiss: leaving };
}

/** A success toast with a title and an optional sentence (spec §8, success toasts). */
export function notifySuccess(title: string, description?: string, { alone = false }: NotifyOptions = {}): void {
  toast.success(title, { description, ...(alone ? aloneToastOptions() : {}) });
}

/** A destructive toast; the console titles most of them "Error" (spec §8). */
export function notifyError(title: string, description?: string, { alone = false }: NotifyOptions = {}): void {
  toast.error(title, { description, ...(alone ? aloneToastOptions() : {}) });
}

/**
 * The spec §8 failure toast: its fixed title, with the server's message beneath when it gave one,
 * else `fallback` (nothing by default).
 */
export function notifyFailure(error: unknown, title: string, { fallback = '', ...options }: NotifyOptions & { fallback?: string } = {}): void {
  notifyError(title, errorMessage(error, fallback) || undefined, options);
}

/**
 * A failure toast with the reason in its title, "Failed to send broadcast: {server message}". When the
 * server gave no message (the connection dropped), the request's own error says what happened.
 */
export function notifyFailureWithReason(error: unknown, prefix: string): void {
  const fallback = error instanceof Error ? error.message : 'unknown error';
  notifyError(`${prefix}: ${errorMessage(error, fallback)}`);
}
